import type { ProcessModel } from '@tilth/contracts';
import { and, eq, sql } from 'drizzle-orm';
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

export interface BindingRow {
  docType: string;
  definitionId: number;
  definitionName: string | null;
  lastUpdateDate: Date;
  objectVersionNumber: number;
}

/** Every binding of the tenant with its flow's name. */
export const listBindings = async (db: Db, tenantId: number): Promise<BindingRow[]> =>
  db
    .select({
      docType: approvalBindings.docType,
      definitionId: approvalBindings.definitionId,
      definitionName: approvalDefinitions.name,
      lastUpdateDate: approvalBindings.lastUpdateDate,
      objectVersionNumber: approvalBindings.objectVersionNumber,
    })
    .from(approvalBindings)
    .leftJoin(
      approvalDefinitions,
      and(
        eq(approvalDefinitions.tenantId, approvalBindings.tenantId),
        eq(approvalDefinitions.id, approvalBindings.definitionId),
      ),
    )
    .where(eq(approvalBindings.tenantId, tenantId));

/** A binding, locked for its change (a concurrent change of the same type waits, then sees the new one). */
export const lockBinding = async (db: Db, tenantId: number, docType: string) => {
  const [row] = await db
    .select()
    .from(approvalBindings)
    .where(and(eq(approvalBindings.tenantId, tenantId), eq(approvalBindings.docType, docType)))
    .for('update');
  return row;
};

export const definitionRef = async (db: Db, tenantId: number, id: number) => {
  const [row] = await db
    .select({
      id: approvalDefinitions.id,
      name: approvalDefinitions.name,
      docType: approvalDefinitions.docType,
      enabledFlag: approvalDefinitions.enabledFlag,
    })
    .from(approvalDefinitions)
    .where(and(eq(approvalDefinitions.tenantId, tenantId), eq(approvalDefinitions.id, id)));
  return row;
};

/** Binds docType to a definition (insert or replace), bumping the row's version. */
export const saveBinding = async (
  db: Db,
  tenantId: number,
  userId: number,
  docType: string,
  definitionId: number,
): Promise<void> => {
  await db
    .insert(approvalBindings)
    .values({ tenantId, docType, definitionId, createdBy: userId, lastUpdatedBy: userId })
    .onConflictDoUpdate({
      target: [approvalBindings.tenantId, approvalBindings.docType],
      set: {
        definitionId,
        lastUpdatedBy: userId,
        lastUpdateDate: new Date(),
        objectVersionNumber: sql`${approvalBindings.objectVersionNumber} + 1`,
      },
    });
};

export const deleteBinding = async (db: Db, tenantId: number, docType: string): Promise<void> => {
  await db
    .delete(approvalBindings)
    .where(and(eq(approvalBindings.tenantId, tenantId), eq(approvalBindings.docType, docType)));
};
