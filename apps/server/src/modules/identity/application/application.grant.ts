import {
  addressAllowed,
  clientUsable,
  compileAllowList,
  signClientToken,
} from '../../../platform/auth/client-tokens.js';
import type { Ctx } from '../../../platform/http/context.js';
import type { Platform } from '../../../platform/platform.js';
import { ApplicationErrors } from './application.errors.js';
import { clientRowOf, findByAppId, touchLastUsed } from './application.repository.js';
import { secretMatches, tenantOfAppId } from './application.secret.js';

/** An application's access token lives an hour; there is no refresh token: the client asks again. */
export const CLIENT_TOKEN_TTL_SECONDS = 3600;

export interface ClientTokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

/**
 * The OAuth client-credentials grant (RFC 6749 §4.4) on /oauth/oauth/token. Every refusal — unknown id,
 * wrong secret, disabled, expired, an address outside the allow-list — is the same 401, so a caller
 * learns nothing about which.
 */
export class ClientCredentialsGrant {
  constructor(private readonly platform: Pick<Platform, 'database' | 'keys'>) {}

  async issue(
    _ctx: Ctx,
    input: { client_id?: string | undefined; client_secret?: string | undefined },
    address: string,
  ): Promise<ClientTokenAnswer> {
    const appId = input.client_id?.trim() ?? '';
    const secret = input.client_secret ?? '';
    const tenantId = tenantOfAppId(appId);
    if (tenantId === undefined) {
      // The same hashing work as for a known id.
      secretMatches(undefined, secret);
      throw ApplicationErrors.badClient();
    }
    // The tenant's rows are readable only in its transaction (row-level security).
    const client = await this.platform.database.withTenant(tenantId, async (db) => {
      const row = await findByAppId(db, appId);
      const ok = secretMatches(row?.secretHash, secret);
      if (!row || !ok) return undefined;
      const c = clientRowOf(row);
      if (!clientUsable(c) || !addressAllowed(compileAllowList(c.ipAllowList), address)) return undefined;
      await touchLastUsed(db, row.id);
      return c;
    });
    if (!client) throw ApplicationErrors.badClient();
    const token = await signClientToken(
      this.platform.keys,
      { appId: client.appId, tenantId: client.tenantId, generation: client.secretGeneration },
      CLIENT_TOKEN_TTL_SECONDS,
    );
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: CLIENT_TOKEN_TTL_SECONDS,
      scope: client.scopes.join(' '),
    };
  }
}
