import { randomBytes } from 'node:crypto';
import { TRACE_SERIAL_ALPHABET } from '@tilth/contracts/gs1-digital-link';
import { TRACE_SERIAL_RANDOM_MIN } from '@tilth/contracts/trace-code.types';

// Serial numbers (GS1 AI 21): random from the crypto source, so one code tells nothing of another. The
// alphabet has 32 characters (no 0/O/1/I), so each random byte's low 5 bits pick one without bias.

/** gs1 serials carry no prefix (the GTIN names the brand): 16 random characters, 80 bits. */
export const GS1_SERIAL_LENGTH = 16;

/** The tenant's code prefix, or T{tenantId} when it set none (capitals and digits, at most 8). */
export const codePrefixOf = (tenantId: number, prefix: string | null): string =>
  (prefix?.toUpperCase().replace(/[^A-Z0-9]/g, '') || `T${tenantId}`).slice(0, 8);

/** `n` random serials: `prefix` + random characters, 20 at most (12 random at least: 60 bits). */
export const randomSerials = (n: number, prefix: string): string[] => {
  const len = prefix === '' ? GS1_SERIAL_LENGTH : TRACE_SERIAL_RANDOM_MIN;
  const bytes = randomBytes(n * len);
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) {
    let s = prefix;
    for (let j = 0; j < len; j += 1) s += TRACE_SERIAL_ALPHABET[(bytes[i * len + j] as number) & 31];
    out.push(s);
  }
  return out;
};
