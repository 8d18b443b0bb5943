// HTML text and attribute escaping for the server-rendered public page: every value from a record goes
// through it, so a product called "<script>" is shown as text.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (s: string | number | null | undefined): string =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** A JSON value for a `<script type="application/json">` block: no '</script', no '<!--'. */
export const jsonForHtml = (v: unknown): string =>
  JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
