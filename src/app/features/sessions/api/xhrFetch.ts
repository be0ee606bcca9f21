/** Bytes sent so far of a file upload. */
export type UploadProgress = { sent: number; total: number };

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A fetch for ky that sends `file` through XMLHttpRequest, which reports upload progress in every browser. ky's own
 * onUploadProgress streams the request body, which Safari and Firefox lack and Chrome allows only over HTTP/2.
 * The request keeps ky's URL, method and headers (bearer token, idempotency key); the body is the file itself, so
 * a large video is sent from disk, never copied into memory.
 */
export function xhrFetch(file: Blob, onProgress: (progress: UploadProgress) => void) {
  return (input: RequestInfo | URL): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input);
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (event) =>
        onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
      xhr.onload = () => {
        const noBody = xhr.status === 204 || xhr.status === 304;
        resolve(
          new Response(noBody ? null : (xhr.response as Blob), {
            status: xhr.status,
            headers: responseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.ontimeout = () => reject(new TypeError('Network request timed out'));
      const abort = () => {
        xhr.abort();
        reject(
          request.signal.reason instanceof Error ? request.signal.reason : new DOMException('Aborted', 'AbortError'),
        );
      };
      if (request.signal.aborted) return abort();
      request.signal.addEventListener('abort', abort, { once: true });
      xhr.send(file);
    });
  };
}
