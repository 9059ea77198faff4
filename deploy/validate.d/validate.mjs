// Offline checks of everything under deploy/ and of docker-compose.yml; run through deploy/validate,
// which installs this file's npm dependencies into deploy/.validate first. Exits 1 on any problem.
// Usage: node deploy/.validate/validate.mjs <repo root>
import fs from "node:fs";
import path from "node:path";
import util from "node:util";
import { execFileSync, spawnSync } from "node:child_process";
import YAML from "yaml";
import { render, readYamlDocs, idOf } from "./kustomize.mjs";

const ROOT = path.resolve(process.argv[2] ?? ".");
const HERE = path.dirname(new URL(import.meta.url).pathname);
const rel = (p) => path.relative(ROOT, p);
const SERVICES = ["lobby-service", "game-service", "scoring-service", "gateway"];
const problems = [];
let checks = 0;
let section = "";
const fail = (msg) => { problems.push(`${section}: ${msg}`); console.log(`  FAIL ${msg}`); };
const ok = (msg) => { checks++; if (msg) console.log(`  ok   ${msg}`); };
const info = (msg) => console.log(`  ..   ${msg}`);
const check = (cond, good, bad) => (cond ? ok(good) : fail(bad ?? `not true: ${good}`), !!cond);
const begin = (name) => { section = name; console.log(`\n== ${name}`); };
const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;

// ---------------------------------------------------------------------------------------------
// What the services read, from their own configuration: the single source of truth.
// ---------------------------------------------------------------------------------------------
const IMAGE_SETS = new Set([...fs.readFileSync(path.join(ROOT, "deploy/images/java/run-java"), "utf8")
  .matchAll(/^\s*export ([A-Z_]+)/gm)].map((m) => m[1]));
function serviceFacts(svc) {
  const file = path.join(ROOT, svc, "src/main/resources/application.properties");
  const text = fs.readFileSync(file, "utf8");
  const lines = text.split("\n").filter((l) => l.trim() && !l.trim().startsWith("#"));
  const envVars = new Map(); // name -> default or null
  for (const m of text.matchAll(/\$\{([A-Z][A-Z0-9_]*)(?::([^}]*))?\}/g)) envVars.set(m[1], m[2] ?? null);
  const portLine = lines.find((l) => l.startsWith("quarkus.http.port="));
  const pm = portLine?.match(/\$\{([A-Z0-9_]+):(\d+)\}/);
  const dbLine = lines.find((l) => l.startsWith("quarkus.datasource.reactive.url="));
  const dm = dbLine?.match(/\/\$\{([A-Z0-9_]+):([a-z_]+)\}$/);
  // A channel reads the topic named like it unless its .topic says otherwise; a channel whose group id is
  // unique per instance (${quarkus.uuid}) is read whole by every replica (the gateway's live feed).
  const channels = new Set([...text.matchAll(/^mp\.messaging\.incoming\.([^.=\s]+)\./gm)].map((m) => m[1]));
  // A channel of several topics names them in .topics, comma-separated (the gateway's webhooks).
  const topicsOf = (ch) => text.match(new RegExp(`^mp\\.messaging\\.incoming\\.${ch}\\.topics=(\\S+)`, "m"))?.[1].split(",")
    ?? [text.match(new RegExp(`^mp\\.messaging\\.incoming\\.${ch}\\.topic=(\\S+)`, "m"))?.[1] ?? ch];
  const perInstance = (ch) => new RegExp(`^mp\\.messaging\\.incoming\\.${ch}\\.group\\.id=.*\\$\\{quarkus\\.uuid\\}`, "m").test(text);
  const incoming = new Set([...channels].flatMap(topicsOf));
  const shared = new Set([...channels].filter((ch) => !perInstance(ch)).flatMap(topicsOf));
  const dlq = new Set([...text.matchAll(/^mp\.messaging\.incoming\.[^.]+\.dead-letter-queue\.topic=(\S+)/gm)].map((m) => m[1]));
  // A deployment must set the port and the database name, and every variable without a default
  // or whose default only suits a developer's machine (localhost, an empty password, .tessera/…).
  // Variables the Java image's run-java sets itself (the container's address, its name) need not be set, nor
  // those whose default is one of them.
  const byImage = (v) => IMAGE_SETS.has(v) || [...IMAGE_SETS].some((i) => (envVars.get(v) ?? "").startsWith(`\${${i}`));
  const required = [...envVars.keys()].filter((v) => v === pm?.[1] || v === dm?.[1]
    || !byImage(v) && (!envVars.get(v) || /localhost|127\.0\.0\.1/.test(envVars.get(v)) || envVars.get(v).startsWith(".tessera")));
  return { svc, file, envVars, required, portVar: pm?.[1], port: pm ? Number(pm[2]) : null,
    dbVar: dm?.[1], db: dm?.[2], incoming, shared, dlq };
}
const facts = Object.fromEntries(SERVICES.map((s) => [s, serviceFacts(s)]));
const topicsJava = fs.readFileSync(path.join(ROOT, "events/src/main/java/dev/tessera/events/Topics.java"), "utf8");
const eventTopics = [...topicsJava.matchAll(/String\s+\w+\s*=\s*"([a-z0-9.-]+)"/g)].map((m) => m[1]);
const requiredTopics = new Set([...eventTopics, ...SERVICES.flatMap((s) => [...facts[s].incoming, ...facts[s].dlq])]);

begin("service configuration (application.properties, events/Topics.java)");
for (const s of SERVICES) {
  const f = facts[s];
  check(f.port && f.portVar, `${s}: HTTP port ${f.portVar}=${f.port}`, `${s}: cannot read quarkus.http.port from ${rel(f.file)}`);
  check(f.db && f.dbVar, `${s}: database ${f.dbVar}=${f.db}`, `${s}: cannot read the database name from ${rel(f.file)}`);
  info(`${s}: reads ${[...f.envVars.keys()].join(" ")}; consumes ${[...f.incoming].join(", ") || "nothing"}`);
}
check(eventTopics.length >= 3, `event topics: ${eventTopics.join(", ")}`, "cannot read the topic names from events/Topics.java");
info(`topics that must exist: ${[...requiredTopics].join(", ")}`);

// An environment given to a service container: names it does not read are typos; the ones it
// needs must be there. QUARKUS_* (any Quarkus setting), JAVA_* (the image's run-java.sh) and the variables of
// service-kit's defaults, which every service reads (tracing's), pass.
const KIT_VARS = new Set([...fs.readFileSync(path.join(ROOT, "service-kit/src/main/resources/META-INF/microprofile-config.properties"), "utf8")
  .matchAll(/\$\{([A-Z][A-Z0-9_]*)(?::[^}]*)?\}/g)].map((m) => m[1]));
function checkEnv(where, svc, names) {
  const f = facts[svc];
  const unknown = names.filter((n) => !f.envVars.has(n) && !KIT_VARS.has(n) && !/^(QUARKUS|JAVA)_/.test(n));
  check(!unknown.length, `${where}: every variable is one ${svc} reads`, `${where}: ${unknown.join(", ")} not read by ${svc} (${rel(f.file)})`);
  const missing = f.required.filter((n) => !names.includes(n));
  check(!missing.length, `${where}: sets ${f.required.join(", ")}`, `${where}: missing ${missing.join(", ")}`);
}

// ---------------------------------------------------------------------------------------------
// Kubernetes: render, compare with a real kustomize, validate against the schemas, cross-check.
// ---------------------------------------------------------------------------------------------
const K8S = path.join(ROOT, "deploy/k8s");
const overlays = fs.readdirSync(path.join(K8S, "overlays")).filter((d) => fs.statSync(path.join(K8S, "overlays", d)).isDirectory()).sort();
const rendered = {};
const notes = []; // repeated above the summary: what this run could not check

// The real Kustomize implementations on this machine: kubectl's built-in one (`kubectl kustomize`) and the
// standalone binary. deploy/validate installs kubectl where the package sources offer it. Only kustomize v5
// or newer (kubectl 1.27 or newer) is compared with: older ones lack what the overlays use (Debian's
// kubernetes-client 1.20 embeds kustomize v2.0.3 and stops at 'json: unknown field "labels"').
function realKustomizes() {
  const out = [];
  const run = (cmd, args) => { const r = spawnSync(cmd, args, { encoding: "utf8" }); return `${r.stdout ?? ""}${r.stderr ?? ""}`; };
  if (has("kubectl")) {
    const v = run("kubectl", ["version", "--client"]);
    const kubectl = v.match(/Client Version: (v\d[\w.+-]*)/)?.[1] ?? v.match(/GitVersion:"(v[^"]+)"/)?.[1] ?? "of unknown version";
    const kustomize = v.match(/Kustomize Version: (v\d[\w.+-]*)/)?.[1];
    out.push({ cmd: "kubectl", args: ["kustomize"], kustomize, what: `kubectl ${kubectl}, kustomize ${kustomize ?? "unknown (older than v4)"}` });
  }
  if (has("kustomize")) {
    const kustomize = run("kustomize", ["version"]).match(/v\d+\.\d+\.\d+/)?.[0];
    out.push({ cmd: "kustomize", args: ["build"], kustomize, what: `kustomize ${kustomize ?? "of unknown version"}` });
  }
  for (const k of out) {
    k.name = `${k.cmd} ${k.args.join(" ")}`;
    k.usable = Number(k.kustomize?.match(/^v(\d+)\./)?.[1] ?? 0) >= 5;
  }
  return out;
}
const reals = realKustomizes();
const usable = reals.filter((k) => k.usable);

begin("kustomize: render the overlays");
for (const k of reals) {
  if (k.usable) info(`real kustomize: '${k.name}' (${k.what}) renders every overlay too; its output must equal kustomize.mjs's`);
  else info(`'${k.name}' (${k.what}) is not used: the comparison needs kustomize v5 or newer (kubectl 1.27 or newer)`);
}
fs.mkdirSync(path.join(HERE, "rendered"), { recursive: true });
const comparedBy = new Map(usable.map((k) => [k.name, []]));
for (const ov of overlays) {
  const dir = path.join(K8S, "overlays", ov);
  let objs;
  try { objs = render(dir); } catch (e) { fail(`${ov}: ${e.message}`); continue; }
  rendered[ov] = objs;
  fs.writeFileSync(path.join(HERE, "rendered", `${ov}.yaml`), objs.map((o) => YAML.stringify(o)).join("---\n"));
  ok(`${ov}: kustomize.mjs renders ${objs.length} objects (deploy/.validate/rendered/${ov}.yaml)`);
  for (const k of usable) {
    const r = spawnSync(k.cmd, [...k.args, dir], { encoding: "utf8" });
    if (r.status !== 0) { fail(`${ov}: '${k.name} ${rel(dir)}' failed: ${r.stderr.trim().split("\n").slice(-3).join(" ")}`); continue; }
    const theirs = YAML.parseAllDocuments(r.stdout).map((d) => d.toJS()).filter(Boolean);
    const a = new Map(objs.map((o) => [idOf(o), o])), b = new Map(theirs.map((o) => [idOf(o), o]));
    const diff = [...new Set([...a.keys(), ...b.keys()])].filter((id) => !util.isDeepStrictEqual(a.get(id), b.get(id)));
    if (check(!diff.length, `${ov}: '${k.name} ${rel(dir)}' renders the same ${theirs.length} objects, field for field`,
      `${ov}: kustomize.mjs and '${k.name}' differ on ${diff.join(", ")}`)) comparedBy.get(k.name).push(ov);
  }
}
for (const [name, done] of comparedBy) check(done.length === overlays.length, `'${name}' rendered all ${overlays.length} overlays (${done.join(", ")}), identical to kustomize.mjs`, `'${name}' agreed with kustomize.mjs on ${done.length} of ${overlays.length} overlays`);
if (!usable.length) {
  const why = reals.length ? "the kubectl/kustomize here is older than kustomize v5" : "neither kubectl nor kustomize is installed (deploy/validate installs kubectl where the package sources have it)";
  info(`SKIPPED: no comparison with a real kustomize: ${why}; rendered by deploy/validate.d/kustomize.mjs alone`);
  notes.push(`the comparison with a real kustomize was skipped: ${why}`);
}

// Schemas: every rendered object against the model of its apiVersion and kind in one of these npm packages
// (each generated from the upstream OpenAPI or CRD schemas). An object of a group none of them covers fails.
//   Strimzi: the package is generated from Strimzi 0.49.0's and 1.0.0's CRDs; its kafka.strimzi.io/v1beta2
//   models are 0.49's (Strimzi 1.0 serves only v1), the version deploy/k8s uses.
//   CloudNativePG: generated from the operator's Go API types (postgresql.cnpg.io/v1).
const NM = path.join(HERE, "node_modules");
const SCHEMA_PACKAGES = [
  { pkg: "kubernetes-models", covers: (g) => !g.includes(".") || g.endsWith(".k8s.io"), prefix: (g) => `kubernetes-models/${g ? g + "/" : ""}` },
  { pkg: "@kubernetes-models/prometheus-operator", covers: (g) => g === "monitoring.coreos.com" },
  { pkg: "@kubernetes-models/strimzi-kafka-operator", covers: (g) => g === "kafka.strimzi.io" || g === "core.strimzi.io" },
  { pkg: "@kubernetes-models/cloudnative-pg", covers: (g) => g === "postgresql.cnpg.io" },
];
for (const s of SCHEMA_PACKAGES) s.version = JSON.parse(fs.readFileSync(path.join(NM, s.pkg, "package.json"), "utf8")).version;
function schemaOf(o) {
  const [group, version] = o.apiVersion.includes("/") ? o.apiVersion.split("/") : ["", o.apiVersion];
  const s = SCHEMA_PACKAGES.find((p) => p.covers(group));
  return s && { ...s, module: `${s.prefix ? s.prefix(group) : `${s.pkg}/${group}/`}${version}/${o.kind}` };
}

// Unknown fields. The JSON schemas accept fields they do not list; the API server rejects them (since 1.27;
// kubectl apply's default) or drops them from a custom resource. The packages' d.ts files list every field of
// every type, by reference to another file's interface (kubernetes-models, CloudNativePG) or inline
// (Strimzi): walk each object along them. A type, as these generated files write it:
//   {kind:"object", props: Map} | {kind:"map", of} | {kind:"array", of} | {kind:"ref", file}
//   | {kind:"union", of: [...]} (A | B and A & B: a field of any part is allowed) | ANY ({}, any) | SCALAR
const ANY = { kind: "any" }, SCALAR = { kind: "scalar" };
function splitTop(s, sep) {
  const parts = [];
  let depth = 0, quote = false, cur = "";
  for (const c of s) {
    if (c === '"') quote = !quote;
    else if (!quote && "{<([".includes(c)) depth++;
    else if (!quote && "}>)]".includes(c)) depth--;
    if (!quote && depth === 0 && c === sep) { parts.push(cur); cur = ""; } else cur += c;
  }
  parts.push(cur);
  return parts.map((p) => p.trim()).filter(Boolean);
}
function wraps(t, open, close) { // t is open…close, the two brackets a pair
  if (!t.startsWith(open) || !t.endsWith(close)) return false;
  let depth = 0, quote = false;
  for (let i = open.length - 1; i < t.length - 1; i++) {
    const c = t[i];
    if (c === '"') quote = !quote;
    else if (!quote && "{<([".includes(c)) depth++;
    else if (!quote && "}>)]".includes(c) && --depth === 0) return false;
  }
  return true;
}
function parseType(text, imports, file) {
  let t = text.trim();
  while (wraps(t, "(", ")")) t = t.slice(1, -1).trim();
  for (const sep of ["|", "&"]) { const alts = splitTop(t, sep); if (alts.length > 1) return { kind: "union", of: alts.map((a) => parseType(a, imports, file)) }; }
  if (wraps(t, "Array<", ">")) return { kind: "array", of: parseType(t.slice(6, -1), imports, file) };
  if (t.endsWith("[]")) return { kind: "array", of: parseType(t.slice(0, -2), imports, file) };
  if (wraps(t, "{", "}")) {
    const members = splitTop(t.slice(1, -1), ";");
    if (!members.length) return ANY;
    const index = members.length === 1 && members[0].match(/^\[key: string\]:\s*([\s\S]+)$/);
    if (index) return { kind: "map", of: parseType(index[1], imports, file) };
    const props = new Map();
    for (const m of members) {
      const pm = m.match(/^"([^"]+)"\??:\s*([\s\S]+)$/);
      if (!pm) throw new Error(`${rel(file)}: cannot read the member '${m.slice(0, 80)}'`);
      props.set(pm[1], parseType(pm[2], imports, file));
    }
    return { kind: "object", props };
  }
  if (/^I\w+$/.test(t) && imports.has(t)) return { kind: "ref", file: imports.get(t) };
  if (/^(string|number|boolean|null|undefined|"[^"]*"|-?\d+(\.\d+)?)$/.test(t)) return SCALAR;
  if (/^(any|unknown|object)$/.test(t)) return ANY;
  throw new Error(`${rel(file)}: cannot read the type '${t.slice(0, 80)}'`);
}
const dtsCache = new Map();
function typeOfFile(file) {
  if (dtsCache.has(file)) return dtsCache.get(file);
  if (!fs.existsSync(file)) throw new Error(`type file ${rel(file)} not found`);
  const src = fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const imports = new Map();
  for (const m of src.matchAll(/import \{ ([^}]+) \} from "([^"]+)";/g)) {
    const target = m[2].startsWith(".") ? path.resolve(path.dirname(file), m[2].replace(/\.js$/, ".d.ts"))
      : path.join(NM, m[2].endsWith(".js") ? m[2].replace(/\.js$/, ".d.ts") : `${m[2]}.d.ts`);
    for (const name of m[1].split(",").map((s) => s.trim())) imports.set(name, target);
  }
  let type = SCALAR; // a file of neither an interface nor a type alias: a plain value
  const im = src.match(/export interface (I\w+)(?: extends [\w, ]+)? \{/);
  const al = src.match(/export type (I\w+) = /);
  if (im) {
    imports.set(im[1], file); // a type may refer to itself (JSONSchemaProps)
    let i = im.index + im[0].length - 1, depth = 0, end = i;
    for (; i < src.length; i++) { if (src[i] === "{") depth++; if (src[i] === "}" && --depth === 0) { end = i; break; } }
    type = parseType(src.slice(im.index + im[0].length - 1, end + 1), imports, file);
  } else if (al) type = parseType(splitTop(src.slice(al.index + al[0].length), ";")[0], imports, file);
  dtsCache.set(file, type);
  return type;
}
const deref = (t) => { while (t.kind === "ref") t = typeOfFile(t.file); return t; };
const alternatives = (t) => { t = deref(t); return t.kind === "union" ? t.of.flatMap(alternatives) : [t]; };
function unknownFields(value, type, at, out) {
  if (value === null || typeof value !== "object") return out;
  const alts = alternatives(type).filter((t) => t.kind !== "scalar");
  const arrays = alts.filter((t) => t.kind === "array");
  if (Array.isArray(value)) { // (a value of the wrong type is the schema validation's to report)
    if (arrays.length === 1) value.forEach((v, i) => unknownFields(v, arrays[0].of, `${at}[${i}]`, out));
    return out;
  }
  const objects = alts.filter((t) => t.kind !== "array");
  if (objects.length === 1 && objects[0].kind === "map") { for (const [k, v] of Object.entries(value)) unknownFields(v, objects[0].of, `${at}.${k}`, out); return out; }
  if (!objects.length || objects.some((t) => t.kind !== "object")) return out; // free-form somewhere: nothing to check
  for (const [k, v] of Object.entries(value)) {
    const types = objects.filter((o) => o.props.has(k)).map((o) => o.props.get(k));
    if (!types.length) out.push(`${at}.${k}`);
    else unknownFields(v, types.length === 1 ? types[0] : { kind: "union", of: types }, `${at}.${k}`, out);
  }
  return out;
}
// An ajv error as "spec.kafka.listeners[0].port must be >= 9092".
function schemaErrors(e) {
  if (!Array.isArray(e.errors)) return e.message;
  return e.errors.map((x) => {
    const at = x.instancePath.split("/").slice(1).map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join("").replace(/^\./, "") || "(the object)";
    if (x.keyword === "required") return `${at === "(the object)" ? "" : at + "."}${x.params.missingProperty} is required`;
    if (x.keyword === "enum") return `${at} must be one of ${x.params.allowedValues.join(", ")}`;
    return `${at} ${x.message}`;
  }).join("; ");
}

const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1035 = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

const schemaFailed = new Set(); // overlays with an object that is not valid against its schema
for (const ov of Object.keys(rendered)) {
  begin(`kubernetes schemas: ${ov}`);
  const validated = new Map(); // package -> kind -> count
  for (const o of rendered[ov]) {
    const id = idOf(o);
    if (!DNS1123.test(o.metadata.name) || o.metadata.name.length > 253) fail(`${id}: metadata.name is not a DNS-1123 name`);
    if (o.kind === "Service" && (!DNS1035.test(o.metadata.name) || o.metadata.name.length > 63)) fail(`${id}: a Service name must be a DNS-1035 label`);
    for (const [k, v] of Object.entries(o.metadata.labels ?? {}))
      if (typeof v !== "string" || !/^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/.test(v) || v.length > 63) fail(`${id}: label ${k}=${v} is not a valid label value`);
    const s = schemaOf(o);
    if (!s) { fail(`${id}: no schema covers ${o.apiVersion} ${o.kind} (packages: ${SCHEMA_PACKAGES.map((p) => p.pkg).join(", ")}): add one`); continue; }
    let Model;
    try { Model = (await import(s.module))[o.kind]; } catch { Model = null; }
    if (!Model) { fail(`${id}: ${s.pkg} ${s.version} has no model for ${o.apiVersion} ${o.kind}`); continue; }
    let good = true;
    try { new Model(o).validate(); } catch (e) { good = false; fail(`${id}: invalid ${o.apiVersion} ${o.kind} (${s.pkg}): ${schemaErrors(e)}`); }
    try {
      const extra = unknownFields(o, { kind: "ref", file: path.join(NM, `${s.module}.d.ts`) }, "", []).map((f) => f.replace(/^\./, ""));
      if (extra.length) { good = false; fail(`${id}: unknown fields ${extra.join(", ")} (not in ${o.apiVersion} ${o.kind}, ${s.pkg})`); }
    } catch (e) { good = false; fail(`${id}: cannot check for unknown fields: ${e.message}`); }
    if (!good) continue;
    ok(`${id}: valid ${o.apiVersion} ${o.kind} (${s.pkg}), no unknown fields`);
    if (!validated.has(s.pkg)) validated.set(s.pkg, new Map());
    validated.get(s.pkg).set(o.kind, (validated.get(s.pkg).get(o.kind) ?? 0) + 1);
  }
  const n = [...validated.values()].flatMap((m) => [...m.values()]).reduce((a, b) => a + b, 0);
  check(n === rendered[ov].length, `${ov}: all ${n} objects valid against a schema: ${SCHEMA_PACKAGES.filter((p) => validated.has(p.pkg))
    .map((p) => `${p.pkg} ${p.version} (${[...validated.get(p.pkg)].map(([k, c]) => `${k} ${c}`).join(", ")})`).join("; ")}`,
    `${ov}: ${rendered[ov].length - n} of ${rendered[ov].length} objects not valid against a schema (above)`);
  if (n !== rendered[ov].length) schemaFailed.add(ov);
}

// Custom resources of Strimzi and CloudNativePG, beyond their schemas (above: types, enums, required
// fields, listener names and ports, unknown fields): what the operators or Kafka refuse although the schema
// allows it, what this deployment needs, and how the resources refer to each other.
const isInt = (v) => Number.isInteger(v);
const quantity = /^[0-9]+(\.[0-9]+)?(Ki|Mi|Gi|Ti|Pi|Ei|m|k|M|G|T|P|E)?$/;
const scalars = (id, config) => { for (const [ck, cv] of Object.entries(config ?? {})) if (!["string", "number", "boolean"].includes(typeof cv)) fail(`${id}: config ${ck} must be a scalar`); };
const byKind = (objs, kind) => objs.filter((o) => o.kind === kind);
const find = (objs, kind, name) => objs.find((o) => o.kind === kind && o.metadata.name === name);
const expectations = {
  dev: { kafkaNodes: 1, topicReplicas: 1, minIsr: 1, pgInstances: 1 },
  prod: { kafkaNodes: 3, topicReplicas: 3, minIsr: 2, pgInstances: 3 },
};

// They assume what the schemas guarantee (required fields, types): an object that failed its schema may stop
// them, which is reported as such rather than as a crash.
for (const [ov, objs] of Object.entries(rendered)) {
  try { crossCheck(ov, objs); } catch (e) {
    fail(`${ov}: the remaining checks stopped (${e.message})${schemaFailed.has(ov) ? ": an object failed its schema above" : ""}`);
  }
}
function crossCheck(ov, objs) {
  begin(`custom resources: ${ov} (Strimzi, CloudNativePG)`);
  const exp = expectations[ov];
  const kafkas = byKind(objs, "Kafka");
  check(kafkas.length === 1, "one Kafka cluster", `${kafkas.length} Kafka resources`);
  const brokersOf = {};
  for (const k of kafkas) {
    const id = idOf(k), a = k.metadata.annotations ?? {};
    check(a["strimzi.io/kraft"] === "enabled" && a["strimzi.io/node-pools"] === "enabled", `${id}: KRaft and node pools enabled (annotations)`, `${id}: needs annotations strimzi.io/kraft: enabled and strimzi.io/node-pools: enabled`);
    check(!("zookeeper" in k.spec), `${id}: no ZooKeeper section`, `${id}: spec.zookeeper is gone in KRaft mode`);
    for (const l of k.spec.kafka.listeners)  // the schema has the name pattern, type, tls and port >= 9092
      check(![9404, 9999].includes(l.port), `${id}: listener ${l.name} (${l.type}, port ${l.port}, tls ${l.tls})`, `${id}: listener ${l.name}: port ${l.port} is reserved by Strimzi (9404 metrics, 9999 JMX)`);
    scalars(id, k.spec.kafka.config);
    check(k.spec.entityOperator?.topicOperator, `${id}: topic operator on (it creates the KafkaTopics)`, `${id}: spec.entityOperator.topicOperator is needed for the KafkaTopic resources`);
    const pools = byKind(objs, "KafkaNodePool").filter((p) => p.metadata.labels?.["strimzi.io/cluster"] === k.metadata.name);
    const brokers = pools.filter((p) => p.spec.roles.includes("broker")).reduce((n, p) => n + p.spec.replicas, 0);
    const controllers = pools.filter((p) => p.spec.roles.includes("controller")).reduce((n, p) => n + p.spec.replicas, 0);
    brokersOf[k.metadata.name] = brokers;
    check(brokers >= 1 && controllers % 2 === 1, `${id}: ${brokers} broker(s), ${controllers} controller(s) (an odd quorum)`, `${id}: node pools give ${brokers} brokers and ${controllers} controllers (need >= 1 broker and an odd number of controllers)`);
    if (exp) check(brokers === exp.kafkaNodes, `${id}: ${exp.kafkaNodes} node(s) as ${ov} should have`, `${id}: ${ov} should have ${exp.kafkaNodes} Kafka nodes, has ${brokers}`);
    const cfg = k.spec.kafka.config ?? {};
    for (const key of ["default.replication.factor", "offsets.topic.replication.factor", "transaction.state.log.replication.factor", "share.coordinator.state.topic.replication.factor"])
      if (key in cfg) check(Number(cfg[key]) <= brokers, `${id}: ${key}=${cfg[key]} <= ${brokers} brokers`, `${id}: ${key}=${cfg[key]} exceeds ${brokers} brokers`);
    if ("min.insync.replicas" in cfg && exp) check(Number(cfg["min.insync.replicas"]) === exp.minIsr, `${id}: min.insync.replicas=${cfg["min.insync.replicas"]}`, `${id}: ${ov} should have min.insync.replicas ${exp.minIsr}`);
  }
  for (const p of byKind(objs, "KafkaNodePool")) {
    const id = idOf(p);
    const cl = p.metadata.labels?.["strimzi.io/cluster"];
    check(cl && find(objs, "Kafka", cl), `${id}: belongs to Kafka ${cl}`, `${id}: label strimzi.io/cluster must name a Kafka in the render`);
    // The schema allows 0 replicas and no roles, and leaves sizes and JBOD ids to the operator.
    check(p.spec.replicas >= 1 && p.spec.roles.length, `${id}: ${p.spec.replicas} replica(s), roles ${p.spec.roles}`, `${id}: spec.replicas must be >= 1 and spec.roles not empty`);
    const st = p.spec.storage;
    const vols = st.type === "jbod" ? st.volumes ?? [] : [st];
    const good = vols.length && vols.every((v) => (v.type !== "persistent-claim" || quantity.test(String(v.size))) && (st.type !== "jbod" || isInt(v.id)))
      && vols.filter((v) => v.kraftMetadata === "shared").length <= 1;
    check(good, `${id}: storage ${st.type} (${vols.map((v) => v.size ?? v.type).join(", ")})`, `${id}: spec.storage needs volumes, a quantity as each persistent-claim size, an id on each JBOD volume, at most one kraftMetadata: shared: ${JSON.stringify(st)}`);
  }
  const topics = byKind(objs, "KafkaTopic");
  const topicNames = new Map(topics.map((t) => [t.spec?.topicName ?? t.metadata.name, t]));
  for (const t of topics) {
    const id = idOf(t), s = t.spec ?? {};
    const cl = t.metadata.labels?.["strimzi.io/cluster"];
    const brokers = brokersOf[cl];
    check(brokers !== undefined, `${id}: belongs to Kafka ${cl}`, `${id}: label strimzi.io/cluster must name a Kafka in the render`);
    const name = s.topicName ?? t.metadata.name;
    check(/^[a-zA-Z0-9._-]{1,249}$/.test(name), `${id}: topic name ${name}`, `${id}: ${name} is not a valid Kafka topic name`);
    const isr = Number(s.config?.["min.insync.replicas"] ?? 1);
    const good = s.partitions !== undefined && s.replicas !== undefined && s.replicas <= (brokers ?? 0)
      && isr >= 1 && isr <= s.replicas && (s.replicas < 3 || isr >= 2 && isr < s.replicas);
    check(good, `${id}: ${s.partitions} partitions, ${s.replicas} replicas, min ISR ${isr}`, `${id}: partitions ${s.partitions}, replicas ${s.replicas} (brokers ${brokers}), min.insync.replicas ${isr}: set both, replicas <= brokers, 2 <= min ISR < replicas when replicas >= 3`);
    if (exp) check(s.replicas === exp.topicReplicas && isr === exp.minIsr, null, `${id}: ${ov} should have replicas ${exp.topicReplicas} and min.insync.replicas ${exp.minIsr}`);
    scalars(id, s.config);
  }
  for (const name of requiredTopics) check(topicNames.has(name), `topic ${name} declared`, `topic ${name} (used by the services) has no KafkaTopic`);
  for (const name of topicNames.keys()) if (!requiredTopics.has(name)) info(`topic ${name} is declared but no service uses it`);

  const clusters = byKind(objs, "Cluster");
  check(clusters.length === 1, "one PostgreSQL Cluster", `${clusters.length} CloudNativePG Clusters`);
  const roles = new Map(); // role -> { secret, generated }
  const databases = new Map(); // db -> owner
  for (const c of clusters) {
    const id = idOf(c), s = c.spec;
    if (exp) check(s.instances === exp.pgInstances, `${id}: ${s.instances} instance(s) as ${ov} should have`, `${id}: ${ov} should have ${exp.pgInstances} PostgreSQL instances, has ${s.instances}`);
    // The schema makes storage optional and its size any string; the operator needs a quantity.
    check(quantity.test(String(s.storage?.size)), `${id}: storage ${s.storage?.size}`, `${id}: spec.storage.size must be a quantity`);
    const init = s.bootstrap?.initdb;
    if (init) {
      check(init.database && init.owner, `${id}: initdb creates ${init.database} owned by ${init.owner}`, `${id}: bootstrap.initdb needs database and owner`);
      roles.set(init.owner, { secret: init.secret?.name ?? `${c.metadata.name}-app`, generated: !init.secret });
      databases.set(init.database, init.owner);
    }
    for (const r of s.managed?.roles ?? []) {
      if (r.ensure !== "absent") info(`${id}: managed role ${r.name} (password from Secret ${r.passwordSecret?.name ?? "none"})`);
      roles.set(r.name, { secret: r.passwordSecret?.name, generated: false });
    }
  }
  for (const d of byKind(objs, "Database")) {
    const id = idOf(d), s = d.spec;
    check(find(objs, "Cluster", s.cluster.name), `${id}: database ${s.name} owned by ${s.owner} in ${s.cluster.name}`, `${id}: spec.cluster.name must name a Cluster in the render`);
    check(roles.has(s.owner), null, `${id}: owner ${s.owner} is neither the initdb owner nor a managed role`);
    databases.set(s.name, s.owner);
  }

  begin(`wiring: ${ov} (names, ports, secrets, topics, capacity)`);
  const namespaces = new Set(objs.filter((o) => o.kind !== "Namespace").map((o) => o.metadata.namespace));
  const nsObj = byKind(objs, "Namespace").map((n) => n.metadata.name);
  check(namespaces.size === 1 && nsObj.length === 1 && namespaces.has(nsObj[0]), `every object in namespace ${[...namespaces]}, which the overlay creates`, `namespaces ${[...namespaces]} vs Namespace objects ${nsObj}`);
  const services = byKind(objs, "Service"), deployments = byKind(objs, "Deployment");
  const hpas = byKind(objs, "HorizontalPodAutoscaler"), pdbs = byKind(objs, "PodDisruptionBudget");
  const matches = (sel, labels) => Object.entries(sel ?? {}).every(([k, v]) => labels?.[k] === v);
  const kafka = kafkas[0], cluster = clusters[0];
  const external = new Set();
  let connections = 0;
  const connLines = [];
  for (const svc of SERVICES) {
    const f = facts[svc], dep = find(objs, "Deployment", svc);
    if (!check(dep, `${svc}: Deployment`, `${svc}: no Deployment named ${svc}`)) continue;
    const pod = dep.spec.template.spec, c = pod.containers.find((x) => x.name === svc) ?? pod.containers[0];
    check(dep.spec.template.metadata?.labels && matches(dep.spec.selector.matchLabels, dep.spec.template.metadata.labels), null, `${svc}: selector does not match the pod template's labels`);
    const img = c.image ?? "";
    check(new RegExp(`(^|/)tessera/${svc}(:[\\w.-]+)?(@sha256:[0-9a-f]+)?$`).test(img), `${svc}: image ${img}`, `${svc}: image ${img} is not tessera/${svc} (what deploy/build-images builds)`);
    const port = (c.ports ?? []).find((p) => p.name === "http");
    check(port?.containerPort === f.port, `${svc}: container port http=${f.port}`, `${svc}: container port named http must be ${f.port}`);
    const probe = (p, want) => p?.httpGet?.path === want && (p.httpGet.port === "http" || p.httpGet.port === f.port);
    check(probe(c.readinessProbe, "/q/health/ready") && probe(c.livenessProbe, "/q/health/live"), `${svc}: readiness /q/health/ready, liveness /q/health/live`, `${svc}: probes must be readiness /q/health/ready and liveness /q/health/live on the http port`);
    check(c.resources?.requests?.cpu && c.resources?.requests?.memory && c.resources?.limits?.memory, `${svc}: cpu/memory requests and a memory limit`, `${svc}: set resources.requests.cpu/memory and limits.memory`);
    // Environment: ConfigMap keys plus env entries; references must resolve.
    const env = {};
    for (const ef of c.envFrom ?? []) {
      if (ef.configMapRef) {
        const cm = find(objs, "ConfigMap", ef.configMapRef.name);
        if (check(cm, null, `${svc}: ConfigMap ${ef.configMapRef.name} not in the render`)) Object.assign(env, cm.data);
      } else fail(`${svc}: envFrom other than configMapRef not checked`);
    }
    for (const v of pod.volumes ?? []) if (v.secret) {
      const sec = find(objs, "Secret", v.secret.secretName);
      if (sec) ok(`${svc}: volume ${v.name} from Secret ${v.secret.secretName}`);
      else { external.add(v.secret.secretName); info(`${svc}: Secret ${v.secret.secretName} (volume ${v.name}) is not in the render: create it before applying`); }
      const mount = c.volumeMounts?.find((m) => m.name === v.name);
      check(mount, null, `${svc}: volume ${v.name} is not mounted`);
      const dirVar = Object.entries(env).find(([, val]) => val === mount?.mountPath)?.[0];
      if (mount) check(dirVar && f.envVars.has(dirVar), `${svc}: ${dirVar} points at the mounted ${v.secret.secretName}`, `${svc}: no variable the service reads points at ${mount.mountPath}`);
      if (v.secret.defaultMode !== undefined && !(v.secret.defaultMode & 0o004)) check(pod.securityContext?.fsGroup !== undefined && (v.secret.defaultMode & 0o040), null, `${svc}: Secret volume ${v.name} mode ${v.secret.defaultMode.toString(8)} is unreadable for the non-root user without fsGroup`);
    }
    const secretRefs = {};
    for (const e of c.env ?? []) {
      env[e.name] = e.value ?? null;
      const sk = e.valueFrom?.secretKeyRef;
      if (sk) secretRefs[e.name] = sk;
    }
    // A variable only other values refer to ($(POD_IP) in SCORING_STATS_APPLICATION_SERVER, say) is for Kubernetes, not the service.
    const referenced = new Set(Object.values(env).flatMap((v) => [...String(v ?? "").matchAll(/\$\(([A-Z][A-Z0-9_]*)\)/g)].map((m) => m[1])));
    checkEnv(`${svc} (k8s ${ov})`, svc, Object.keys(env).filter((n) => !referenced.has(n) || f.envVars.has(n)));
    check(env.TESSERA_DB_HOST === `${cluster?.metadata.name}-rw`, `${svc}: TESSERA_DB_HOST is the primary's Service ${cluster?.metadata.name}-rw`, `${svc}: TESSERA_DB_HOST=${env.TESSERA_DB_HOST}, expected ${cluster?.metadata.name}-rw`);
    const plain = kafka?.spec.kafka.listeners.find((l) => l.tls === false && l.type === "internal");
    check(env.TESSERA_KAFKA === `${kafka?.metadata.name}-kafka-bootstrap:${plain?.port}`, `${svc}: TESSERA_KAFKA=${env.TESSERA_KAFKA}`, `${svc}: TESSERA_KAFKA=${env.TESSERA_KAFKA}, expected ${kafka?.metadata.name}-kafka-bootstrap:${plain?.port} (the plain internal listener)`);
    check(env[f.portVar] === String(f.port), null, `${svc}: ${f.portVar}=${env[f.portVar]} differs from the container port ${f.port}`);
    const db = env[f.dbVar];
    const user = secretRefs.TESSERA_DB_USER, pw = secretRefs.TESSERA_DB_PASSWORD;
    if (check(user && pw && user.name === pw.name && user.key === "username" && pw.key === "password", `${svc}: credentials from Secret ${user?.name} (username, password)`, `${svc}: TESSERA_DB_USER and TESSERA_DB_PASSWORD must come from one Secret's username and password keys`)) {
      const role = [...roles.entries()].find(([, r]) => r.secret === user.name)?.[0];
      const sec = find(objs, "Secret", user.name);
      if (!check(role, null, `${svc}: Secret ${user.name} is not the password Secret of any CloudNativePG role`)) continue;
      if (roles.get(role).generated) ok(`${svc}: ${user.name} is generated by CloudNativePG for role ${role}`);
      else if (sec) {
        const u = sec.stringData?.username ?? (sec.data?.username && Buffer.from(sec.data.username, "base64").toString());
        check(sec.type === "kubernetes.io/basic-auth" && u === role, `${svc}: Secret ${user.name} (basic-auth) holds role ${role}`, `${svc}: Secret ${user.name} must be kubernetes.io/basic-auth with username ${role}`);
      } else { external.add(user.name); info(`${svc}: Secret ${user.name} (basic-auth, username ${role}) is not in the render: create it before applying`); }
      check(databases.get(db) === role, `${svc}: database ${db} is owned by ${role}`, `${svc}: ${f.dbVar}=${db}, but that database is ${databases.has(db) ? `owned by ${databases.get(db)}` : "not created"} (role ${role})`);
    }
    if (svc === "gateway") for (const v of ["LOBBY_URL", "GAME_URL", "SCORING_URL"]) {
      const m = String(env[v]).match(/^http:\/\/([a-z0-9-]+):(\d+)$/);
      const s = m && find(objs, "Service", m[1]);
      check(s && s.spec.ports.some((p) => p.port === Number(m[2])), `gateway: ${v}=${env[v]} is a Service port`, `gateway: ${v}=${env[v]} does not name a Service and port of the render`);
    }
    const svcObj = services.find((s) => matches(s.spec.selector, dep.spec.template.metadata.labels));
    if (check(svcObj, `${svc}: Service ${svcObj?.metadata.name} selects its pods`, `${svc}: no Service selects its pods`))
      check(svcObj.spec.ports.every((p) => (c.ports ?? []).some((cp) => cp.name === p.targetPort || cp.containerPort === p.targetPort)), null, `${svc}: Service ${svcObj.metadata.name} targets a port the container lacks`);
    const hpa = hpas.find((h) => h.spec.scaleTargetRef.kind === "Deployment" && h.spec.scaleTargetRef.name === svc);
    if (hpa) {
      check(dep.spec.replicas === undefined, `${svc}: replicas left to its HPA (${hpa.spec.minReplicas ?? 1}..${hpa.spec.maxReplicas})`, `${svc}: Deployment sets replicas although an HPA scales it (each apply would reset the count)`);
      check((hpa.spec.minReplicas ?? 1) <= hpa.spec.maxReplicas, null, `${svc}: HPA minReplicas > maxReplicas`);
    }
    const max = hpa ? hpa.spec.maxReplicas : dep.spec.replicas ?? 1;
    const min = hpa ? hpa.spec.minReplicas ?? 1 : dep.spec.replicas ?? 1;
    for (const t of f.shared) {
      const parts = topicNames.get(t)?.spec.partitions;
      check(parts && max <= parts, `${svc}: at most ${max} replicas read ${t} (${parts} partitions)`, `${svc}: up to ${max} replicas would read ${t}, which has ${parts} partitions: the extra consumers idle`);
    }
    const pdb = pdbs.find((p) => matches(p.spec.selector?.matchLabels, dep.spec.template.metadata.labels));
    if (check(pdb, `${svc}: PodDisruptionBudget ${pdb?.metadata.name}`, `${svc}: no PodDisruptionBudget`)) {
      const one = ("minAvailable" in pdb.spec) !== ("maxUnavailable" in pdb.spec);
      check(one && (!isInt(pdb.spec.minAvailable) || pdb.spec.minAvailable < min), null, `${svc}: PDB needs exactly one of minAvailable/maxUnavailable, and minAvailable below the ${min} replicas, or drains block`);
    }
    const pool = Number(env[`${f.dbVar}_POOL`] ?? f.envVars.get(`${f.dbVar}_POOL`) ?? 20);
    const surge = dep.spec.strategy?.rollingUpdate?.maxSurge ?? 1;
    const pods = max + (typeof surge === "number" ? surge : 1);
    connections += pods * (pool + 2);
    connLines.push(`${svc} ${pods}x(${pool}+2)`);
  }
  const maxConn = Number(cluster?.spec.postgresql?.parameters?.max_connections ?? 100);
  check(connections <= maxConn - 10, `PostgreSQL connections at full scale during a rollout: ${connLines.join(" + ")} = ${connections} <= max_connections ${maxConn} - 10 reserved`,
    `PostgreSQL connections at full scale: ${connLines.join(" + ")} = ${connections} exceeds max_connections ${maxConn} - 10 reserved`);
  if (external.size) {
    const readme = fs.readFileSync(path.join(ROOT, "deploy/README.md"), "utf8");
    for (const s of external) check(readme.includes(s), `Secret ${s}, created outside the render, is documented in deploy/README.md`, `Secret ${s} must be created before applying ${ov}, but deploy/README.md does not say how`);
  }
  for (const h of hpas) check(find(objs, h.spec.scaleTargetRef.kind, h.spec.scaleTargetRef.name), null, `${idOf(h)}: scale target not in the render`);
  for (const svc of ["game-service", "gateway"]) check(hpas.some((h) => h.spec.scaleTargetRef.name === svc), `${svc}: HorizontalPodAutoscaler`, `${svc}: no HorizontalPodAutoscaler`);
  const sms = byKind(objs, "ServiceMonitor");
  check(sms.length >= 1, `${sms.length} ServiceMonitor(s)`, "no ServiceMonitor");
  for (const svc of SERVICES) {
    const s = find(objs, "Service", svc);
    const sm = sms.find((m) => s && matches(m.spec.selector?.matchLabels, s.metadata.labels));
    const ep = sm?.spec.endpoints?.find((e) => s.spec.ports.some((p) => p.name === e.port));
    check(ep && ep.path === "/q/metrics", `${svc}: scraped on /q/metrics by ServiceMonitor ${sm?.metadata.name}`, `${svc}: no ServiceMonitor endpoint scrapes its Service on /q/metrics`);
  }
  // The alerts: the PrometheusRule holds exactly the groups of deploy/prometheus/tessera.rules.yml, the file that
  // promtool checks and unit-tests (deploy/prometheus/check).
  const rulesFile = "deploy/prometheus/tessera.rules.yml";
  const groups = YAML.parse(fs.readFileSync(path.join(ROOT, rulesFile), "utf8")).groups;
  const prs = byKind(objs, "PrometheusRule");
  check(prs.length === 1 && util.isDeepStrictEqual(prs[0].spec.groups, groups),
    `PrometheusRule ${prs[0]?.metadata.name}: the ${groups.flatMap((g) => g.rules).length} alerts of ${rulesFile}`,
    `the PrometheusRule must hold exactly the groups of ${rulesFile} (${prs.length} PrometheusRule(s) found)`);
  const exported = byKind(objs, "Kafka")[0];
  check(exported?.spec.kafkaExporter && byKind(objs, "PodMonitor").some((m) => m.spec.selector?.matchLabels?.["strimzi.io/name"] === `${exported.metadata.name}-kafka-exporter`),
    "Strimzi's Kafka Exporter runs and a PodMonitor scrapes it (kafka_consumergroup_lag, for the lag alert)",
    "the lag alert needs Strimzi's Kafka Exporter (Kafka spec.kafkaExporter) and a PodMonitor on its pods");
}

// ---------------------------------------------------------------------------------------------
// docker-compose.yml
// ---------------------------------------------------------------------------------------------
begin("docker-compose.yml");
const composeFile = path.join(ROOT, "docker-compose.yml");
let compose = null;
if (has("docker-compose")) {
  const r = spawnSync("docker-compose", ["-f", composeFile, "config"], { encoding: "utf8", cwd: ROOT });
  if (check(r.status === 0, `'docker-compose config' (${execFileSync("docker-compose", ["version", "--short"], { encoding: "utf8" }).trim()}) accepts it`, `'docker-compose config' rejects it: ${r.stderr.trim()}`))
    compose = YAML.parse(r.stdout);
} else {
  info("docker-compose (v1) not installed: falling back to a YAML parse (anchors and merge keys resolved) and the checks below");
  // Interpolate ${VAR}, ${VAR:-default} and ${VAR-default} as compose does ($$ stays an escaped $).
  const text = fs.readFileSync(composeFile, "utf8").replace(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)-([^}]*))?\}/g,
    (_, v, colon, def) => (process.env[v] !== undefined && !(colon && process.env[v] === "") ? process.env[v] : def ?? ""));
  compose = YAML.parse(text, { merge: true });
  for (const [n, s] of Object.entries(compose.services ?? {})) if (!s.image && !s.build) fail(`service ${n} has neither image nor build`);
}
if (compose) {
  const S = compose.services ?? {};
  const envOf = (s) => (Array.isArray(s.environment) ? Object.fromEntries(s.environment.map((e) => e.split(/=(.*)/s).slice(0, 2))) : s.environment ?? {});
  const deps = (s) => (Array.isArray(s.depends_on) ? Object.fromEntries(s.depends_on.map((d) => [d, { condition: "service_started" }])) : s.depends_on ?? {});
  const pg = Object.entries(S).find(([, s]) => /^postgres:17(\b|$)/.test(s.image ?? ""));
  const kf = Object.entries(S).find(([, s]) => /^(apache\/kafka|\$\{KAFKA_IMAGE)/.test(s.image ?? "") && !s.entrypoint);
  const init = Object.entries(S).find(([, s]) => String(s.command ?? "").includes("kafka-topics.sh"));
  check(pg, `PostgreSQL 17: service ${pg?.[0]}`, "no postgres:17 service");
  check(kf, `Kafka: service ${kf?.[0]} (${kf?.[1].image})`, "no apache/kafka service");
  if (kf) {
    const e = envOf(kf[1]);
    check(/broker/.test(e.KAFKA_PROCESS_ROLES) && /controller/.test(e.KAFKA_PROCESS_ROLES) && e.KAFKA_CONTROLLER_QUORUM_VOTERS, "Kafka: single KRaft node (broker,controller)", "Kafka: set KAFKA_PROCESS_ROLES=broker,controller and KAFKA_CONTROLLER_QUORUM_VOTERS");
    check(kf[1].healthcheck?.test, "Kafka: health check", "Kafka: needs a healthcheck (the topic creation waits for it)");
  }
  if (check(init, `topics created explicitly by service ${init?.[0]}`, "no service creates the topics with kafka-topics.sh")) {
    const cmd = [].concat(init[1].command).join(" ");
    for (const t of requiredTopics) check(new RegExp(`(^|[\\s"'])${t.replace(/\./g, "\\.")}([\\s"';]|$)`).test(cmd), null, `${init[0]} does not create topic ${t}`);
    ok(`${init[0]} creates ${[...requiredTopics].join(", ")}`);
    check(deps(init[1])[kf?.[0]]?.condition === "service_healthy", `${init[0]} waits for ${kf?.[0]} to be healthy`, `${init[0]} must depend on ${kf?.[0]} with condition service_healthy`);
  }
  if (pg) {
    const mounts = (pg[1].volumes ?? []).map((v) => (typeof v === "string" ? { source: v.split(":")[0], target: v.split(":")[1] } : v));
    const m = mounts.find((v) => String(v.target).startsWith("/docker-entrypoint-initdb.d"));
    const src = m && path.resolve(ROOT, String(m.source));
    if (check(src && fs.existsSync(src), `PostgreSQL init script ${src && rel(src)}`, "postgres needs an init script mounted in /docker-entrypoint-initdb.d")) {
      const script = fs.readFileSync(src, "utf8");
      for (const svc of SERVICES) {
        const e = envOf(S[svc] ?? {});
        check(script.includes(`${e.TESSERA_DB_USER}:${facts[svc].db}`), null, `init script does not create role ${e.TESSERA_DB_USER} owning ${facts[svc].db}`);
      }
      ok(`init script creates ${SERVICES.map((s) => facts[s].db).join(", ")}, each owned by its service's role`);
      const bash = spawnSync("bash", ["-n", src]);
      check(bash.status === 0, "init script: bash -n", `init script: bash -n fails: ${bash.stderr}`);
    }
    check(pg[1].healthcheck?.test, "PostgreSQL: health check", "postgres: needs a healthcheck");
  }
  for (const svc of SERVICES) {
    const s = S[svc], f = facts[svc];
    if (!check(s, `${svc}: service`, `${svc}: no compose service of that name`)) continue;
    check(/(^|\/)tessera\/[a-z-]+:/.test(s.image ?? "") && s.image.includes(`tessera/${svc}:`), `${svc}: image ${s.image}`, `${svc}: image must be tessera/${svc}:<tag>`);
    const ctx = s.build && path.resolve(ROOT, typeof s.build === "string" ? s.build : s.build.context);
    check(ctx && ctx === path.join(ROOT, svc) && fs.existsSync(path.join(ctx, s.build.dockerfile ?? "Dockerfile")), `${svc}: builds from ${svc}/${s.build?.dockerfile}`, `${svc}: build must use context ./${svc} and its src/main/docker/Dockerfile.jvm`);
    const e = envOf(s);
    checkEnv(`${svc} (compose)`, svc, Object.keys(e));
    check(e.TESSERA_DB_HOST === pg?.[0] && String(e.TESSERA_KAFKA).startsWith(`${kf?.[0]}:`), `${svc}: TESSERA_DB_HOST=${e.TESSERA_DB_HOST}, TESSERA_KAFKA=${e.TESSERA_KAFKA}`, `${svc}: TESSERA_DB_HOST/TESSERA_KAFKA must name the postgres and kafka services`);
    check(String(e[f.portVar]) === String(f.port), null, `${svc}: ${f.portVar} must be ${f.port}`);
    check(String(e[f.dbVar]) === f.db, null, `${svc}: ${f.dbVar} must be ${f.db}`);
    const hc = [].concat(s.healthcheck?.test ?? []).join(" ");
    check(hc.includes("/q/health/ready") && hc.includes(`/${f.port}`), `${svc}: health check on /q/health/ready, port ${f.port}`, `${svc}: healthcheck must call /q/health/ready on port ${f.port}`);
    const d = deps(s);
    check(d[pg?.[0]]?.condition === "service_healthy" && d[init?.[0]]?.condition === "service_completed_successfully",
      `${svc}: starts after ${pg?.[0]} is healthy and ${init?.[0]} has completed`, `${svc}: depends_on needs ${pg?.[0]}: service_healthy and ${init?.[0]}: service_completed_successfully`);
    if (svc === "gateway") {
      for (const up of SERVICES.filter((x) => x !== "gateway")) {
        check(d[up]?.condition === "service_healthy", null, `gateway: must depend on ${up} with condition service_healthy`);
        const url = e[`${up.split("-")[0].toUpperCase()}_URL`];
        check(url === `http://${up}:${facts[up].port}`, null, `gateway: ${up.split("-")[0].toUpperCase()}_URL=${url}, expected http://${up}:${facts[up].port}`);
      }
      ok("gateway: waits for the three services to be ready and calls them by name");
      const published = (s.ports ?? []).some((p) => (typeof p === "string" ? /(^|:)8080:8080(\/tcp)?$/.test(p) : Number(p.published) === 8080 && Number(p.target) === 8080));
      check(published, "gateway: published on the host's 8080", "gateway: must publish 8080:8080");
    }
  }
  for (const [n, s] of Object.entries(S)) for (const [dn, dv] of Object.entries(deps(s))) {
    check(S[dn], null, `${n}: depends on unknown service ${dn}`);
    if (dv.condition === "service_healthy") check(S[dn]?.healthcheck?.test, null, `${n}: waits for ${dn} to be healthy, but ${dn} has no healthcheck`);
  }
}

// ---------------------------------------------------------------------------------------------
// Images: Dockerfiles and deploy/build-images
// ---------------------------------------------------------------------------------------------
begin("container images (Dockerfile.jvm, deploy/build-images)");
const build = fs.readFileSync(path.join(ROOT, "deploy/build-images"), "utf8");
check(spawnSync("bash", ["-n", path.join(ROOT, "deploy/build-images")]).status === 0, "deploy/build-images: bash -n", "deploy/build-images: syntax error");
check(/mvnw[^\n]*package/.test(build) && /ENGINE"? build/.test(build) && build.includes("src/main/docker/Dockerfile.jvm"),
  "deploy/build-images runs ./mvnw package, then builds each Dockerfile.jvm", "deploy/build-images must run ./mvnw package and build each service's Dockerfile.jvm");
for (const svc of SERVICES) {
  const file = path.join(ROOT, svc, "src/main/docker/Dockerfile.jvm");
  if (!check(fs.existsSync(file), null, `${rel(file)} missing`)) continue;
  const lines = fs.readFileSync(file, "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  const from = lines.find((l) => /^FROM\s/i.test(l));
  const copies = lines.filter((l) => /^COPY\s/i.test(l)).map((l) => l.split(/\s+/).filter((w) => !w.startsWith("--"))[1]);
  const want = ["target/quarkus-app/lib/", "target/quarkus-app/*.jar", "target/quarkus-app/app/", "target/quarkus-app/quarkus/"];
  const expose = lines.find((l) => /^EXPOSE\s/i.test(l))?.split(/\s+/)[1];
  const good = from && want.every((w) => copies.includes(w)) && copies.every((c) => want.includes(c)) && Number(expose) === facts[svc].port
    && lines.some((l) => /^(ENTRYPOINT|CMD)\s/i.test(l)) && lines.some((l) => l.includes("/deployments/quarkus-run.jar"));
  check(good, `${svc}: ${from}, fast-jar layers, EXPOSE ${expose}, runs quarkus-run.jar`, `${rel(file)}: needs FROM, COPY of ${want.join(", ")} only, EXPOSE ${facts[svc].port}, an ENTRYPOINT and quarkus-run.jar`);
  check(build.includes(svc), null, `deploy/build-images does not build ${svc}`);
  const qa = path.join(ROOT, svc, "target/quarkus-app/quarkus-run.jar");
  if (fs.existsSync(qa)) ok(`${svc}: ${rel(qa)} exists (built), so the COPY sources are there`);
  else info(`${svc}: not built here (no ${rel(qa)}): COPY sources not checked on disk`);
}

// ---------------------------------------------------------------------------------------------
// Grafana dashboard
// ---------------------------------------------------------------------------------------------
begin("grafana dashboard (deploy/grafana/tessera.json)");
let dash = null;
try { dash = JSON.parse(fs.readFileSync(path.join(ROOT, "deploy/grafana/tessera.json"), "utf8")); ok("valid JSON"); } catch (e) { fail(`not valid JSON: ${e.message}`); }
if (dash) {
  const panels = (dash.panels ?? []).flatMap((p) => [p, ...(p.panels ?? [])]);
  const ids = panels.map((p) => p.id);
  check(ids.every(isInt) && new Set(ids).size === ids.length, `${panels.length} panels with unique ids`, "panel ids must be unique integers");
  check(dash.title && dash.uid && isInt(dash.schemaVersion), `title "${dash.title}", uid ${dash.uid}`, "dashboard needs title, uid and schemaVersion");
  const exprs = panels.flatMap((p) => (p.targets ?? []).map((t) => ({ p, e: t.expr })));
  for (const { p, e } of exprs) {
    let depth = 0, okb = true;
    for (const ch of e ?? "") { if ("({[".includes(ch)) depth++; if (")}]".includes(ch)) depth--; if (depth < 0) okb = false; }
    if (!e || !okb || depth !== 0) fail(`panel "${p.title}": unbalanced or empty expression ${e}`);
    if (!p.gridPos || !p.type || !p.title) fail(`panel ${p.id}: needs type, title and gridPos`);
  }
  ok(`${exprs.length} PromQL expressions with balanced brackets`);
  for (const m of ["http_server_requests_seconds_count", "http_server_requests_seconds_sum", "jvm_memory_used_bytes", "kafka_consumer_fetch_manager_records_lag"])
    check(exprs.some(({ e }) => e.includes(m)), `a panel uses ${m}`, `no panel uses ${m}`);
  // Domain measures: a panel for each; titled a placeholder exactly while no service registers the meter.
  const javaSources = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => d.isDirectory()
    ? javaSources(path.join(dir, d.name)) : d.name.endsWith(".java") ? [fs.readFileSync(path.join(dir, d.name), "utf8")] : []);
  const code = ["service-kit", ...SERVICES].flatMap((m) => fs.existsSync(path.join(ROOT, m, "src/main/java"))
    ? javaSources(path.join(ROOT, m, "src/main/java")) : []).join("\n");
  for (const [m, meter] of [["tessera_moves_total", "tessera.moves"], ["tessera_outbox_pending", "tessera.outbox.pending"],
    ["tessera_scoring_round_trip_seconds", "tessera.scoring.round.trip"], ["tessera_outbox_oldest_seconds", "tessera.outbox.oldest"],
    ["tessera_dead_letters_total", "tessera.dead.letters"]]) {
    const p = exprs.find(({ e }) => e.includes(m))?.p;
    const registered = code.includes(`"${meter}"`);
    check(p && /placeholder/i.test(p.title) !== registered,
      `panel "${p?.title}" (${registered ? "registered as " + meter : "not registered yet"})`,
      p ? `panel "${p.title}": ${registered ? "the meter " + meter + " exists, drop PLACEHOLDER from the title" : "no service registers " + meter + ": title it a placeholder"}` : `no panel uses ${m}`);
  }
  const dsVar = (dash.templating?.list ?? []).find((v) => v.type === "datasource");
  check(dsVar, `datasource variable $${dsVar?.name}`, "dashboard needs a datasource template variable");
}

// ---------------------------------------------------------------------------------------------
for (const n of notes) console.log(`\nNOTE: ${n}`);
console.log(`\n${checks} checks passed, ${problems.length} failed`);
if (problems.length) { console.log("\nProblems:"); for (const p of problems) console.log(`  - ${p}`); process.exit(1); }
