// Types of dynsec-seed.mjs for TypeScript callers (the mosquitto test helper, the ingest bench).

export interface DynsecAcl {
  acltype: string;
  topic: string;
  allow: boolean;
}

export interface DynsecRole {
  rolename: string;
  acls: DynsecAcl[] | Record<string, unknown>[];
}

export const SERVER_ROLE: string;
export function dynsecHash(password: string): { password: string; salt: string; iterations: number };
export function serverAcls(): DynsecAcl[];
export function dynsecSeed(o: {
  server: { username: string; password: string };
  /** Further accounts, each holding the named roles. */
  clients?: { username: string; password: string; roles?: string[] }[];
  roles?: DynsecRole[];
}): string;
