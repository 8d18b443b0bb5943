import { z } from 'zod';
import { isTimeZone } from './time-zone.js';

// Apart from time-zone.ts, so that the console's format helpers, which need only isTimeZone, do not pull
// zod into the first pages (issue 20 item 7).
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, 'is not a time zone of the IANA database, e.g. Asia/Shanghai');
