import { type ReferenceKind, registerReferenceCheck } from '../reference/index.js';
import { countDocsNaming, countLinesNaming } from './document.repository.js';

// Documents refer to warehouses, partners, SKUs, products and units: deleting those is refused while any
// document names them.

const docs = (n: number) => (n === 0 ? null : `${n} document${n === 1 ? '' : 's'}`);

export const registerDocumentReferences = (): void => {
  for (const kind of ['warehouse', 'business'] as const) {
    registerReferenceCheck(kind, 'inventory documents', async (ctx, id) =>
      docs(await countDocsNaming(ctx.db, ctx.tenantId, kind, id)),
    );
  }
  const lines: [ReferenceKind, 'sku' | 'product' | 'unit'][] = [
    ['sku', 'sku'],
    ['product', 'product'],
    ['unit', 'unit'],
  ];
  for (const [kind, col] of lines) {
    registerReferenceCheck(kind, 'inventory documents', async (ctx, id) =>
      docs(await countLinesNaming(ctx.db, ctx.tenantId, col, id)),
    );
  }
};
