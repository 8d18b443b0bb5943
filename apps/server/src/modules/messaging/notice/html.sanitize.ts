import sanitizeHtml from 'sanitize-html';

// Notice bodies are rich text shown as HTML in every tenant's console, so they are cleaned on write with an
// allow-list: no script, style, iframe, event handlers or javascript: URLs survive.

const CSS_LENGTH = /^(?:\d+(?:\.\d+)?(?:px|em|rem|%|pt)?|auto)$/;
const CSS_COLOR = /^(?:#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'span',
    'font',
    'u',
    's',
    'del',
    'ins',
    'sub',
    'sup',
    'video',
    'source',
    'h1',
    'h2',
  ],
  // Their text is dropped with them, not kept as loose text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'title',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'title', 'align'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height', 'poster'],
    source: ['src', 'type'],
    font: ['color', 'size'],
    td: ['colspan', 'rowspan', 'width'],
    th: ['colspan', 'rowspan', 'width'],
    table: ['border', 'cellpadding', 'cellspacing', 'width'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Editors paste images inline as data: URLs; in an img they cannot run script.
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [CSS_COLOR],
      'background-color': [CSS_COLOR],
      'text-align': [/^(?:left|right|center|justify)$/],
      'text-decoration': [/^[a-z\s-]{1,40}$/],
      'text-indent': [CSS_LENGTH],
      'font-size': [CSS_LENGTH],
      'font-weight': [/^(?:normal|bold|bolder|lighter|\d{3})$/],
      'font-style': [/^(?:normal|italic|oblique)$/],
      'font-family': [/^[\w\s,"'-]{1,100}$/],
      'line-height': [CSS_LENGTH],
      width: [CSS_LENGTH],
      height: [CSS_LENGTH],
      'max-width': [CSS_LENGTH],
      margin: [/^[\d\s.a-z%-]{1,40}$/],
      padding: [/^[\d\s.a-z%-]{1,40}$/],
    },
  },
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export const sanitizeNoticeHtml = (html: string): string => sanitizeHtml(html, OPTIONS);
