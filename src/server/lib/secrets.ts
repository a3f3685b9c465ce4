import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 bits, URL-safe: sign-in link tokens and session cookies. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomDigits(length: number): string {
  let digits = '';
  for (let i = 0; i < length; i++) digits += String(randomInt(10));
  return digits;
}

export function randomFromAlphabet(alphabet: string, length: number): string {
  let value = '';
  for (let i = 0; i < length; i++) value += alphabet[randomInt(alphabet.length)];
  return value;
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
