// sm-crypto's SM3 module alone (CommonJS, untyped): bytes in, bytes out.
declare module 'sm-crypto/src/sm2/sm3.js' {
  export function sm3(bytes: number[]): number[];
}
