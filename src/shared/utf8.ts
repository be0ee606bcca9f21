/**
 * UTF-8 text to and from bytes. TextDecoder and TextEncoder are globals in every runtime shared code runs in
 * (browsers, workers, Node); the shared tsconfig leaves out the DOM library that would declare them, so they are
 * declared here as far as used.
 */
declare const TextDecoder: new (label?: string) => { decode(bytes: Uint8Array): string };
declare const TextEncoder: new () => { encode(text: string): Uint8Array };

/** Invalid sequences become U+FFFD; a leading byte-order mark is dropped. */
export const decodeUtf8 = (bytes: Uint8Array): string => new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');

export const encodeUtf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
