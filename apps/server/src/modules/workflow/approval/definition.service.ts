import {
  APPROVAL_DOC_TYPE_DEFS,
  APPROVAL_DOC_TYPES,
  type ApprovalDocType,
  type BusinessType,
  COMMON_APPROVAL_FIELDS,
  type DefinitionCreateBody,
  type DefinitionDetail,
  type DefinitionItem,
  type DefinitionQuery,
  type DefinitionUpdateBody,
  MODEL_ISSUE_TEXT,
  type ModelIssues,
  type ProcessModel,
  validateProcessModel,
  walkModel,
} from '@tilth/contracts';
import type { Page } from '@tilth/contracts/common.types';
import type { PermissionCode } from '@tilth/contracts/permissions';
import { pageAnswer, pageWindow } from '../../../platform/db/paging.js';
import { CommonErrors } from '../../../platform/errors.js';
import { requireAccess, requireTenant } from '../../../platform/http/access.js';
import type { Ctx, TenantCtx } from '../../../platform/http/context.js';
import type { Lang } from '../../../platform/i18n/lang.js';
import { recordAudit } from '../../identity/audit/index.js';
import { userNames } from './assignee.repository.js';
import {
  bindingsOf,
  type DefinitionRow,
  definitionNameTaken,
  deleteDefinition,
  findDefinition,
  findVersion,
  insertDefinition,
  insertVersion,
  listDefinitions,
  updateDefinition,
  versionsOf,
} from './definition.repository.js';
import { WorkflowErrors } from './workflow.errors.js';
import { registeredDocTypes } from './workflow.registry.js';

// The flow designer's definitions (issue 14 item 5, spec 03 §4): an enabled flow cannot be edited; a save
// with a changed model freezes a new version, so processes started earlier keep the plan of theirs.

export const DEFINITION_ACCESS = {
  read: 'wfpf.company.system.process',
  create: 'wfpf.company.system.process.ps.create',
  edit: 'wfpf.company.system.process.ps.edit',
  delete: 'wfpf.company.system.process.ps.delete',
} as const satisfies Record<string, PermissionCode>;
/** The designer's check: for whoever may add or edit a flow. */
export const VALIDATE_ACCESS = [DEFINITION_ACCESS.create, DEFINITION_ACCESS.edit] as const;

const NAME_MAX = 40;

/** JSON with sorted keys: PostgreSQL's jsonb does not keep the order a client sent. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(
          Object.entries(x as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : x,
  );

const toItem = (r: DefinitionRow): DefinitionItem => ({
  id: r.id,
  name: r.name,
  docType: r.docType as ApprovalDocType,
  description: r.description,
  enabledFlag: r.enabledFlag,
  version: r.version,
  running: r.running,
  objectVersionNumber: r.objectVersionNumber,
  lastUpdateDate: r.lastUpdateDate.toISOString(),
});

const audited = (r: Pick<DefinitionRow, 'name' | 'docType' | 'version' | 'enabledFlag'>) => ({
  name: r.name,
  docType: r.docType,
  version: r.version,
  enabled: r.enabledFlag === 1,
});

/** A model's problems for a document type, each with its text in `lang` (naming the step). */
export const modelIssuesOf = (model: ProcessModel, docType: ApprovalDocType, lang: Lang): ModelIssues => {
  const names = new Map<string, string>();
  walkModel(model.node, (n) => {
    names.set(n.id, n.name);
    if (n.kind === 'condition' || n.kind === 'parallel') for (const b of n.branches) names.set(b.id, b.name);
  });
  const issues = validateProcessModel(model, APPROVAL_DOC_TYPE_DEFS[docType].fields).map((i) => {
    const text = MODEL_ISSUE_TEXT[i.code][lang];
    const where = i.nodeId === null ? undefined : names.get(i.nodeId);
    return { nodeId: i.nodeId, code: i.code, message: where ? `“${where}”: ${text}` : text };
  });
  return { issues };
};

export class DefinitionService {
  async list(ctx: Ctx, q: DefinitionQuery): Promise<Page<DefinitionItem>> {
    requireTenant(ctx);
    requireAccess(ctx, DEFINITION_ACCESS.read);
    const { limit, offset } = pageWindow(q);
    const { rows, total } = await listDefinitions(
      ctx.db,
      ctx.tenantId,
      { name: q.name?.trim() || undefined, docType: q.docType, enabledFlag: q.enabledFlag },
      limit,
      offset,
    );
    return pageAnswer(rows.map(toItem), total, q);
  }

  async detail(ctx: Ctx, id: number): Promise<DefinitionDetail> {
    requireTenant(ctx);
    requireAccess(ctx, DEFINITION_ACCESS.read);
    const r = await this.load(ctx, id);
    const versions = await versionsOf(ctx.db, ctx.tenantId, id);
    const authors = await userNames(ctx.db, [
      ...new Set(versions.flatMap((v) => (v.createdBy === null ? [] : [v.createdBy]))),
    ]);
    return {
      ...toItem(r),
      model: r.model,
      versions: versions.map((v) => ({
        version: v.version,
        createdAt: v.createdAt.toISOString(),
        createdByName: v.createdBy === null ? null : (authors.get(v.createdBy) ?? null),
        running: v.running,
        finished: v.finished,
      })),
    };
  }

  async version(ctx: Ctx, id: number, version: number): Promise<{ version: number; model: ProcessModel }> {
    requireTenant(ctx);
    requireAccess(ctx, DEFINITION_ACCESS.read);
    await this.load(ctx, id);
    const model = await findVersion(ctx.db, ctx.tenantId, id, version);
    if (!model) throw CommonErrors.notFound();
    return { version, model };
  }

  /** A new flow starts disabled at version 1. */
  async create(ctx: Ctx, body: DefinitionCreateBody): Promise<DefinitionDetail> {
    requireTenant(ctx);
    requireAccess(ctx, DEFINITION_ACCESS.create);
    await this.nameFree(ctx, body.name);
    const values = {
      name: body.name,
      docType: body.docType,
      description: body.description ?? null,
      model: body.model,
    };
    const id = await insertDefinition(ctx.db, ctx.tenantId, ctx.user.id, values);
    await recordAudit(ctx, {
      action: 'approval-flow.create',
      targetType: 'approval-flow',
      targetId: id,
      targetName: body.name,
      after: { name: body.name, docType: body.docType, version: 1, enabled: false },
    });
    return this.detail(ctx, id);
  }

  /** Saves a disabled flow: a changed model becomes the next version; name and description change in place. */
  async update(ctx: Ctx, body: DefinitionUpdateBody): Promise<DefinitionDetail> {
    requireTenant(ctx);
    requireAccess(ctx, DEFINITION_ACCESS.edit);
    const before = await this.versioned(ctx, body.id, body.objectVersionNumber);
    if (before.enabledFlag === 1) throw WorkflowErrors.definitionEnabled();
    await this.nameFree(ctx, body.name, body.id);
    const changed = canonical(before.model) !== canonical(body.model);
    const version = changed ? before.version + 1 : before.version;
    const values = {
      name: body.name,
      description: body.description ?? null,
      ...(changed ? { model: body.model, version } : {}),
    };
    if (
      !(await updateDefinition(ctx.db, ctx.tenantId, body.id, body.objectVersionNumber, ctx.user.id, values))
    )
      throw CommonErrors.stale();
    if (changed) await insertVersion(ctx.db, ctx.tenantId, body.id, version, body.model, ctx.user.id);
    await recordAudit(ctx, {
      action: 'approval-flow.update',
      targetType: 'approval-flow',
      targetId: body.id,
      targetName: body.name,
      before: audited(before),
      after: audited({ ...before, name: body.name, version }),
    });
    return this.detail(ctx, body.id);
  }

  /** A disabled copy of the current model, named '… (copy)' / '…副本' (numbered when that is taken too). */
  async copy(ctx: Ctx, id: number): Promise<DefinitionDetail> {
    requireTenant(ctx);
    requireAccess(ctx, DEFINITION_ACCESS.create);
    const src = await this.load(ctx, id);
    const suffix = (n: number) =>
      ctx.lang === 'zh-CN' ? `副本${n > 1 ? n : ''}` : ` (copy${n > 1 ? ` ${n}` : ''})`;
    let name = '';
    for (let n = 1; n < 100; n++) {
      const s = suffix(n);
      name = `${src.name.slice(0, NAME_MAX - s.length)}${s}`;
      if (!(await definitionNameTaken(ctx.db, ctx.tenantId, name))) break;
    }
    const newId = await insertDefinition(ctx.db, ctx.tenantId, ctx.user.id, {
      name,
      docType: src.docType,
      description: src.description,
      model: src.model,
    });
    await recordAudit(ctx, {
      action: 'approval-flow.copy',
      targetType: 'approval-flow',
      targetId: newId,
      targetName: name,
      before: { from: src.name, version: src.version },
      after: { name, docType: src.docType, version: 1, enabled: false },
    });
    return this.detail(ctx, newId);
  }

  /** Enabling checks the current model against the document type's fields; issues → 400 naming them. */
  async setEnabled(ctx: Ctx, id: number, enabled: boolean, objectVersion: number): Promise<DefinitionItem> {
    requireTenant(ctx);
    requireAccess(ctx, DEFINITION_ACCESS.edit);
    const before = await this.versioned(ctx, id, objectVersion);
    if (enabled) {
      const { issues } = modelIssuesOf(before.model, before.docType as ApprovalDocType, ctx.lang);
      if (issues.length > 0)
        throw WorkflowErrors.definitionInvalid({ issues: issues.map((i) => i.message).join('; ') });
    }
    const enabledFlag = enabled ? 1 : 0;
    if (!(await updateDefinition(ctx.db, ctx.tenantId, id, objectVersion, ctx.user.id, { enabledFlag })))
      throw CommonErrors.stale();
    await recordAudit(ctx, {
      action: enabled ? 'approval-flow.enable' : 'approval-flow.disable',
      targetType: 'approval-flow',
      targetId: id,
      targetName: before.name,
      before: { enabled: before.enabledFlag === 1, version: before.version },
      after: { enabled, version: before.version },
    });
    return toItem(await this.load(ctx, id));
  }

  /** Refused while a document type is bound to it or a process of it is in approval. */
  async remove(ctx: Ctx, id: number): Promise<{ success: boolean }> {
    requireTenant(ctx);
    requireAccess(ctx, DEFINITION_ACCESS.delete);
    const before = await this.load(ctx, id);
    const bound = await bindingsOf(ctx.db, ctx.tenantId, id);
    const where: string[] = bound.map((d) => {
      const name = APPROVAL_DOC_TYPE_DEFS[d as ApprovalDocType]?.name[ctx.lang] ?? d;
      return ctx.lang === 'zh-CN' ? `审批设置：${name}` : `approval settings: ${name}`;
    });
    if (before.running > 0)
      where.push(
        ctx.lang === 'zh-CN' ? `${before.running} 个审批进行中` : `${before.running} processes in approval`,
      );
    if (where.length > 0)
      throw WorkflowErrors.definitionInUse({ where: where.join(ctx.lang === 'zh-CN' ? '；' : '; ') });
    if (!(await deleteDefinition(ctx.db, ctx.tenantId, id))) throw WorkflowErrors.definitionNotFound();
    await recordAudit(ctx, {
      action: 'approval-flow.delete',
      targetType: 'approval-flow',
      targetId: id,
      targetName: before.name,
      before: audited(before),
    });
    return { success: true };
  }

  /** The designer's live check: the same rules as enable, in the caller's language. */
  validate(ctx: Ctx, docType: ApprovalDocType, model: ProcessModel): ModelIssues {
    requireTenant(ctx);
    requireAccess(ctx, VALIDATE_ACCESS);
    return modelIssuesOf(model, docType, ctx.lang);
  }

  /** The document types a flow may be made for, with the fields their conditions may test. */
  docTypes(ctx: Ctx): BusinessType[] {
    requireTenant(ctx);
    requireAccess(ctx, DEFINITION_ACCESS.read);
    const registered = new Set(registeredDocTypes());
    return APPROVAL_DOC_TYPES.map((docType) => {
      const def = APPROVAL_DOC_TYPE_DEFS[docType];
      return {
        docType,
        name: def.name[ctx.lang],
        infoPath: def.infoPath,
        fields: [...def.fields, ...COMMON_APPROVAL_FIELDS].map((f) => ({
          key: f.key,
          type: f.type,
          ref: f.ref ?? null,
          name: f.name[ctx.lang],
        })),
        registered: registered.has(docType),
      };
    });
  }

  private async load(ctx: TenantCtx, id: number): Promise<DefinitionRow> {
    const r = await findDefinition(ctx.db, ctx.tenantId, id);
    if (!r) throw WorkflowErrors.definitionNotFound();
    return r;
  }

  private async versioned(ctx: TenantCtx, id: number, objectVersion: number): Promise<DefinitionRow> {
    const r = await this.load(ctx, id);
    if (r.objectVersionNumber !== objectVersion) throw CommonErrors.stale();
    return r;
  }

  private async nameFree(ctx: TenantCtx, name: string, exceptId?: number): Promise<void> {
    if (await definitionNameTaken(ctx.db, ctx.tenantId, name, exceptId))
      throw WorkflowErrors.definitionNameTaken({ name });
  }
}
