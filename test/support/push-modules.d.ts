// http_ece 1.2.1 ships no types; the part the push tests use.
declare module 'http_ece' {
  interface Params {
    version: 'aes128gcm';
    privateKey?: import('node:crypto').ECDH;
    authSecret?: string | Buffer;
    keyid?: string | Buffer;
    dh?: string | Buffer;
  }
  const ece: {
    decrypt(buffer: Buffer, params: Params): Buffer;
    encrypt(buffer: Buffer, params: Params): Buffer;
  };
  export default ece;
}

// web-push 3.6.7 ships no types either; the tests only make VAPID keys with it.
declare module 'web-push' {
  const webpush: { generateVAPIDKeys(): { publicKey: string; privateKey: string } };
  export default webpush;
}
