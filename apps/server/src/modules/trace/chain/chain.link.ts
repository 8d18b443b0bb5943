import type { Db } from '../../../platform/db/client.js';
import { findBlock } from './chain.repository.js';

// Whether a block a proof names is linked into the tenant's chain as stored: its prevHash is the stored
// hash of the block before it, and the block after it (if any) names its hash. The public trace page
// states it beside the proof (part D); whole-chain verification stays verifyChain's.

export const chainBlockLinked = async (
  ctx: { db: Db; tenantId: number },
  block: { height: number; prevHash: string; blockHash: string },
): Promise<boolean> => {
  const stored = await findBlock(ctx.db, ctx.tenantId, block.height);
  if (stored?.blockHash !== block.blockHash) return false;
  const prev = block.height > 1 ? await findBlock(ctx.db, ctx.tenantId, block.height - 1) : undefined;
  if (block.height > 1 && prev?.blockHash !== block.prevHash) return false;
  const next = await findBlock(ctx.db, ctx.tenantId, block.height + 1);
  return !next || next.prevHash === block.blockHash;
};
