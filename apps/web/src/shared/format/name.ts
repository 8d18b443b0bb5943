// A catalogue entry's name in the reader's language (issue 12 item 4): the English name in en-US when one
// is set, else the Chinese name. The server answers names inside lists the same way (Accept-Language), so
// selects built from the catalogue and the lists around them agree.

/** `name` or, in English, `enName` when it is set. */
export const localName = (name: string, enName: string | null | undefined, language: string): string =>
  language.startsWith('en') && enName?.trim() ? enName.trim() : name;
