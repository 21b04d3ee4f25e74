/**
 * The published SARIF 2.1.0 JSON schema (shipped by @microsoft/jest-sarif) compiled with ajv: what a
 * code-scanning tool checks a log against.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv';

const schemaPath = createRequire(import.meta.url).resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
// The schema declares draft-04, which ajv 8 does not load; its keywords are all ones draft-07 reads the same way,
// so it is compiled without the draft-04 `$schema` and `id` (draft-07 spells it `$id`).
const { $schema: _draft, id: _id, ...schema } = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>;

// RFC 3986 characters only, each `%` starting an escape: what a URI reference may hold as written.
const uriChars = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
// The schema's `language` pattern has a stray `]`, a syntax error in a Unicode-mode regular expression and a
// literal `]` outside one: its patterns are compiled as JSON Schema's ECMA-262 dialect reads them, without `u`.
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, formats: { 'date-time': true } });
ajv.addFormat('uri', (s: string) => uriChars.test(s) && URL.canParse(s));
ajv.addFormat('uri-reference', (s: string) => uriChars.test(s) && URL.canParse(s, 'file:///'));
/** Validates a SARIF log (its errors on `validateSarif.errors`). */
export const validateSarif = ajv.compile(schema);
