import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { documentedResponse, escapePointer, type OpenApiDocument, type OpenApiOperation } from '../../http/openapiDocument';

/** What came back from one call, as the contract check sees it. */
export interface Answer {
  status: number;
  /** the media type without parameters, lower case ('' when none) */
  contentType: string;
  headers: Headers;
  /** the parsed body of a JSON answer, else the text of a text answer, else null */
  body: unknown;
}

const SCHEMA_ID = 'openapi';

/**
 * Checks answers against the document's responses with Ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1): the status must be documented, the
 * media type one of those documented, each documented header present, and a
 * JSON body valid against its schema. Validators are compiled once per schema.
 */
export class AnswerChecker {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(doc: OpenApiDocument) {
    // the whole document is one schema resource, so its #/components refs resolve as written
    this.ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
    addFormats.default(this.ajv);
    this.ajv.addSchema(doc.raw, SCHEMA_ID);
  }

  /** The problems found, in words; empty when the answer keeps the contract. */
  problems(op: OpenApiOperation, answer: Answer): string[] {
    const documented = documentedResponse(op, answer.status);
    if (!documented) return [`status ${answer.status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`];
    const { response } = documented;
    const problems: string[] = [];
    for (const header of Object.keys(response.headers ?? {})) {
      // Retry-After and the like are promised only on some answers; Content-* headers always
      if (/^content-/i.test(header) && !answer.headers.has(header)) problems.push(`header ${header} is missing`);
    }
    const media = Object.keys(response.content ?? {});
    if (media.length === 0) return problems;
    const mediaType = media.find((m) => m.toLowerCase() === answer.contentType) ?? media.find((m) => matchesRange(m, answer.contentType));
    if (!mediaType) return [...problems, `content type '${answer.contentType || 'none'}' is not one of ${media.join(', ')}`];
    if (!isJson(mediaType) || response.content?.[mediaType]?.schema === undefined) return problems;
    const validate = this.validator(`${response.pointer}/content/${escapePointer(mediaType)}/schema`);
    if (!validate(answer.body)) {
      for (const error of (validate.errors ?? []).slice(0, 5)) {
        problems.push(`body${error.instancePath || ''} ${error.message ?? 'is invalid'}${describeParams(error.params)}`);
      }
    }
    return problems;
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${SCHEMA_ID}${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }
}

export const isJson = (mediaType: string) => /^application\/([\w.+-]*\+)?json$/i.test(mediaType);

/** image/* matches image/png; * / * matches anything */
function matchesRange(range: string, actual: string): boolean {
  const [type, subtype] = range.toLowerCase().split('/');
  const [actualType] = actual.split('/');
  return (type === '*' || type === actualType) && subtype === '*';
}

function describeParams(params: Record<string, unknown>): string {
  if ('additionalProperty' in params) return ` (${String(params.additionalProperty)})`;
  if ('allowedValues' in params) return ` (${JSON.stringify(params.allowedValues)})`;
  return '';
}
