import type { ProcessModel } from '@tilth/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { approvalBindings, approvalDefinitions, approvalDefinitionVersions } from './workflow.tables.js';

export interface BoundDefinition {
  definitionId: number;
  name: string;
  version: number;
  model: ProcessModel;
}

/** The enabled definition bound to a document type (its newest version), or undefined: approved at once. */
export const boundDefinition = async (
  db: Db,
  tenantId: number,
  docType: string,
): Promise<BoundDefinition | undefined> => {
  const [row] = await db
    .select({
      definitionId: approvalDefinitions.id,
      name: approvalDefinitions.name,
      version: approvalDefinitionVersions.version,
      model: approvalDefinitionVersions.model,
    })
    .from(approvalBindings)
    .innerJoin(
      approvalDefinitions,
      and(
        eq(approvalDefinitions.tenantId, approvalBindings.tenantId),
        eq(approvalDefinitions.id, approvalBindings.definitionId),
        eq(approvalDefinitions.enabledFlag, 1),
      ),
    )
    .innerJoin(
      approvalDefinitionVersions,
      and(
        eq(approvalDefinitionVersions.tenantId, approvalDefinitions.tenantId),
        eq(approvalDefinitionVersions.definitionId, approvalDefinitions.id),
        eq(approvalDefinitionVersions.version, approvalDefinitions.version),
      ),
    )
    .where(and(eq(approvalBindings.tenantId, tenantId), eq(approvalBindings.docType, docType)));
  return row;
};
