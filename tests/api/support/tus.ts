import type { TestApp } from './testApp.ts';

export type TusAnswer = { status: number; body: Record<string, unknown>; headers: Record<string, unknown> };

/** The Upload-Metadata header: each key with its value in base64, as the tus creation extension says. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** One request of the tus protocol through inject(), with Tus-Resumable unless `headers` says otherwise. */
export async function tusCall(
  t: TestApp,
  token: string,
  method: 'OPTIONS' | 'POST' | 'HEAD' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  payload?: Buffer,
): Promise<TusAnswer> {
  const res = await t.app.inject({
    method,
    url,
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      ...(payload === undefined ? {} : { 'content-type': 'application/offset+octet-stream' }),
      ...headers,
    },
  });
  return {
    status: res.statusCode,
    body: res.payload.startsWith('{') ? (JSON.parse(res.payload) as Record<string, unknown>) : {},
    headers: res.headers,
  };
}

/** Creates the upload of one Add Session file; answers the creation and the upload's URL. */
export async function tusCreate(t: TestApp, token: string, size: number, fields: Record<string, string>) {
  const created = await tusCall(t, token, 'POST', '/api/uploads', {
    'upload-length': String(size),
    'upload-metadata': tusMetadata(fields),
  });
  return { ...created, url: String(created.headers.location) };
}

/** PATCHes `bytes` of `file` from `from` in requests of `size` bytes; answers the last answer. */
export async function tusSend(t: TestApp, token: string, url: string, file: Buffer, from: number, size: number) {
  let answer: TusAnswer | undefined;
  for (let at = from; at < file.length; at += size) {
    answer = await tusCall(t, token, 'PATCH', url, { 'upload-offset': String(at) }, file.subarray(at, at + size));
    if (answer.status !== 204 && answer.status !== 200) return answer;
  }
  if (answer === undefined) throw new Error('nothing sent');
  return answer;
}
