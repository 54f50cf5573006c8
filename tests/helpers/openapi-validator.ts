import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Responses = Record<
  string,
  { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }
>;
export type OpenApiDocument = {
  paths: Record<string, Record<string, { responses?: Responses }>>;
  components: { schemas: Record<string, unknown> };
};

const METHODS = ["get", "post", "put", "patch", "delete"];
const COMPONENTS = "https://reel402.test/openapi-components";

/** The document's `#/components/schemas/X` references, pointed at the components registered here. */
function pointAtComponents(schema: unknown): unknown {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS}#/$defs/`),
  );
}

/**
 * Checks answers against the OpenAPI document the server publishes, with Ajv (JSON Schema
 * 2020-12, as OpenAPI 3.1 uses): the status must be listed for the operation, the content type
 * described, the body valid against its schema and the listed headers present. Every
 * path+method+status checked is remembered, so a test can say which documented ones it reached.
 */
export function openApiValidator(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: COMPONENTS, $defs: pointAtComponents(doc.components.schemas) });
  const reached = new Set<string>();

  const validate = (schema: unknown, body: unknown, label: string) => {
    const check = ajv.compile(pointAtComponents(schema) as object);
    assert.ok(
      check(body),
      `${label}: body does not match the document: ${ajv.errorsText(check.errors)}\n${JSON.stringify(body).slice(0, 600)}`,
    );
  };

  /** The answer checked against the document; returns its body (parsed when JSON). */
  const check = async (template: string, method: string, res: Response): Promise<unknown> => {
    const label = `${method.toUpperCase()} ${template} → ${res.status}`;
    const operation = doc.paths[template]?.[method];
    assert.ok(operation, `${method.toUpperCase()} ${template} is not in the document`);
    const text = await res.text();
    const documented = operation.responses?.[String(res.status)];
    assert.ok(documented, `${label} is not a documented response: ${text.slice(0, 400)}`);
    reached.add(`${method} ${template} ${res.status}`);
    for (const name of Object.keys(documented.headers ?? {}))
      assert.ok(res.headers.get(name), `${label}: documented header ${name} missing`);
    if (!documented.content) {
      assert.equal(text, "", `${label}: documented without a body`);
      return null;
    }
    const mime = (res.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
    const media = documented.content[mime];
    assert.ok(
      media,
      `${label}: content-type ${mime} not documented (${Object.keys(documented.content)})`,
    );
    const body = mime.endsWith("json") ? JSON.parse(text) : text;
    validate(media.schema, body, label);
    return body;
  };

  /** Every documented response, as `method path status`. */
  const documented = (): string[] =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).flatMap((m) =>
        Object.keys(item[m]?.responses ?? {}).map((status) => `${m} ${path} ${status}`),
      ),
    );

  /** A value against one of the document's component schemas (an event's job, say). */
  const component = (name: string, value: unknown, label: string) => {
    assert.ok(doc.components.schemas[name], `no component ${name}`);
    validate({ $ref: `#/components/schemas/${name}` }, value, label);
  };

  return { check, component, documented, reached };
}
