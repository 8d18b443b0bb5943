import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, CommonErrors, sqlState } from '../errors.js';
import { langFromHeader } from '../i18n/lang.js';

const describeIssues = (
  context: string | undefined,
  issues: { instancePath: string; message?: string }[],
): string =>
  issues
    .slice(0, 5)
    .map((i) => {
      const field = i.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const where = [context, field].filter(Boolean).join('.');
      return `${where || 'request'}: ${i.message ?? 'invalid'}`;
    })
    .join('; ');

/** Maps every failure to `{failed, code, message}` in the caller's language; bad input is never a 5xx. */
export const errorHandler = (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
  const lang = langFromHeader(req.headers['accept-language']);
  let app: AppError;
  if (err instanceof AppError) app = err;
  else if (hasZodFastifySchemaValidationErrors(err)) {
    app = CommonErrors.validation({ detail: describeIssues(err.validationContext, err.validation) });
  } else if (err.validation) {
    app = CommonErrors.validation({ detail: `${err.validationContext ?? 'request'}: ${err.message}` });
  } else if (isDatabaseUnavailable(err)) {
    // The database is down or failing over (refused, cut, timed out, read-only): worth a retry shortly.
    req.log.warn({ err: err.message }, 'database unavailable');
    reply.header('retry-after', '2');
    app = CommonErrors.unavailable();
  } else if (sqlState(err) === '23505') {
    // A unique constraint caught a race the service's own check could not see.
    app = CommonErrors.duplicate();
  } else if (sqlState(err)?.startsWith('22')) {
    // SQL data exceptions (NUL bytes, numbers out of range, malformed values) are bad input, not our fault.
    app = CommonErrors.validation({ detail: 'a value has the wrong form or is out of range' });
  } else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
    app = CommonErrors.badJson();
  } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
    app = CommonErrors.tooLarge();
  } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) {
    app = CommonErrors.unsupportedMediaType();
  } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    app = CommonErrors.validation({ detail: err.message });
    return reply
      .status(err.statusCode)
      .send({ failed: true, code: err.code ?? app.code, message: app.messageIn(lang) });
  } else {
    if (isResponseSerializationError(err))
      req.log.error({ issues: err.cause.issues }, 'response schema mismatch');
    req.log.error({ err }, 'unhandled error');
    app = CommonErrors.internal();
  }
  // A typed 5xx (an outside service such as the weather provider is down) is expected and explained to
  // the caller: a warning without a stack. Unknown failures were logged as errors above, once.
  if (app.status >= 500 && err instanceof AppError) req.log.warn({ code: app.code }, app.message);
  return reply.status(app.status).send({ failed: true, code: app.code, message: app.messageIn(lang) });
};
