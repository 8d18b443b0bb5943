import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { platformSettings } from '../db/platform.tables.js';

export const readSetting = async (db: Db, key: string): Promise<string | undefined> => {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key));
  return row?.value;
};

/** Inserts unless another process got there first; returns the stored value either way. */
export const putSettingOnce = async (db: Db, key: string, value: string): Promise<string> => {
  await db.insert(platformSettings).values({ key, value }).onConflictDoNothing();
  return (await readSetting(db, key)) ?? value;
};
