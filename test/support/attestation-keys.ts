// Fixed Ed25519 keys for tests (never used anywhere else): the worker project signs with
// `currentSigningKey` and lists `retiredSigningKey`'s public half as rotated out.
export const currentSigningKey = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: '38kHohI_oG9IEbq8K2DUWzCF2gdt08xGALXrppzJ4L0',
  d: 'my0ikhps3nKxMigWVQ14OoHiDK0f-PDRYsaeiDgMbuc',
} as const;

export const retiredSigningKey = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: 'QWv7ncVXp5QTixXc_UEqFZk--WWxku1buaO3uegfM6I',
  d: 'YKTr1VRZ79L8hjpxTs-llLtYlAXfGdI1b0WSh-Tjars',
} as const;

export const publicHalf = ({ kty, crv, x }: { kty: string; crv: string; x: string }) => ({ kty, crv, x });
