import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_TIME_ZONE } from '@tilth/contracts/time-zone';
import { PLATFORM_TENANT_ID } from '../../../platform/db/columns.js';
import type { DemoExtras } from '../../../platform/db/seed.js';
import { addDays, today as todayIn } from '../../../platform/time/zone.js';
import { readRows, validateRows } from './market.import.js';
import { countPrices } from './market.repository.js';
import { MarketService } from './market.service.js';

export const SAMPLE_PRICES_FILE = path.resolve(
  import.meta.dirname,
  '../../../../data/sample/vegetable-prices.sample.csv',
);

const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * Platform (tenant 0) vegetable prices from the SAMPLE file, shifted so its last day is today: the home
 * page's price card then shows "today's" (sample) prices on a fresh demo.
 */
export const seedVegetablePrices: DemoExtras = async (database) => {
  if ((await database.withTenant(PLATFORM_TENANT_ID, countPrices)) > 0) return;
  const file = await readFile(SAMPLE_PRICES_FILE).catch(() => null);
  if (!file) return; // A trimmed install without sample data simply has no prices.
  const parsed = validateRows(await readRows(file, SAMPLE_PRICES_FILE));
  if (parsed.errors.length > 0) throw new Error(`sample prices: row ${parsed.errors[0]?.row} is invalid`);
  const last = parsed.prices.reduce((m, p) => (p.priceDate > m ? p.priceDate : m), '');
  const shift = daysBetween(last, todayIn(DEFAULT_TIME_ZONE));
  for (const p of parsed.prices) p.priceDate = addDays(p.priceDate, shift);
  await new MarketService(database).writeParsed(null, parsed);
};
