// A small Kustomize renderer for deploy/validate, for machines without the kustomize binary or
// `kubectl kustomize`. It implements only what deploy/k8s uses, and refuses anything else:
//   resources (files and directories), namespace, labels (pairs; metadata only, or selectors and
//   templates when asked), images (name, newName, newTag, digest), patches (strategic merge, from
//   a file or inline, matched by kind and name or by target: group/version/kind/name/namespace).
// Strategic merge: maps merge recursively, null deletes a key, lists of built-in kinds merge by
// their Kubernetes merge key (containers by name, ports by containerPort/port, …), every other list
// (and every list of a custom resource) is replaced, as Kustomize does without a schema.
// When a real kustomize is on the machine, deploy/validate renders with both and compares.
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";

const SUPPORTED = new Set(["apiVersion", "kind", "metadata", "resources", "namespace", "labels", "images", "patches"]);
const CLUSTER_SCOPED = new Set(["Namespace", "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition",
  "PersistentVolume", "StorageClass", "PriorityClass", "ValidatingWebhookConfiguration",
  "MutatingWebhookConfiguration", "APIService", "IngressClass", "RuntimeClass"]);
// patchMergeKey of the Kubernetes API for the list fields we may meet in built-in kinds.
const MERGE_KEYS = { containers: "name", initContainers: "name", ephemeralContainers: "name", env: "name",
  volumes: "name", volumeMounts: "mountPath", volumeDevices: "devicePath", imagePullSecrets: "name",
  hostAliases: "ip", topologySpreadConstraints: "topologyKey", resourceClaims: "name" };

export function readYamlDocs(file) {
  const docs = YAML.parseAllDocuments(fs.readFileSync(file, "utf8"), { prettyErrors: true });
  const out = [];
  for (const d of docs) {
    if (d.errors.length) throw new Error(`${file}: ${d.errors.map((e) => e.message).join("; ")}`);
    const v = d.toJS({ maxAliasCount: -1 });
    if (v !== null && v !== undefined) out.push(v);
  }
  return out;
}

const isBuiltIn = (apiVersion) => !apiVersion.includes("/") || !apiVersion.split("/")[0].includes(".")
  || apiVersion.split("/")[0].endsWith(".k8s.io");
const clone = (v) => structuredClone(v);
export const idOf = (o) => `${o.kind}/${o.metadata?.namespace ? o.metadata.namespace + "/" : ""}${o.metadata?.name}`;

function mergeKeyFor(field, parentPath, builtIn) {
  if (!builtIn) return null;
  if (field === "ports") return parentPath.includes("containers") || parentPath.includes("initContainers") ? "containerPort" : "port";
  return MERGE_KEYS[field] ?? null;
}

export function strategicMerge(target, patch, builtIn, pathSoFar = []) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return clone(patch);
  if (target === null || typeof target !== "object" || Array.isArray(target)) target = {};
  const out = clone(target);
  for (const [k, pv] of Object.entries(patch)) {
    if (k === "$patch" || k.startsWith("$setElementOrder") || k.startsWith("$deleteFromPrimitiveList") || k.startsWith("$retainKeys"))
      throw new Error(`strategic merge directive ${k} is not supported by this renderer`);
    if (pv === null) { delete out[k]; continue; }
    if (Array.isArray(pv)) {
      const key = mergeKeyFor(k, pathSoFar, builtIn);
      if (key && Array.isArray(out[k]) && pv.every((e) => e && typeof e === "object" && key in e)) {
        const merged = out[k].map(clone);
        for (const pe of pv) {
          const i = merged.findIndex((te) => te && te[key] === pe[key]);
          if (i >= 0) merged[i] = strategicMerge(merged[i], pe, builtIn, [...pathSoFar, k]);
          else merged.push(clone(pe));
        }
        out[k] = merged;
      } else out[k] = clone(pv);
      continue;
    }
    if (typeof pv === "object") { out[k] = strategicMerge(out[k], pv, builtIn, [...pathSoFar, k]); continue; }
    out[k] = pv;
  }
  return out;
}

function matchesTarget(o, t) {
  const [group, version] = o.apiVersion.includes("/") ? o.apiVersion.split("/") : ["", o.apiVersion];
  const re = (p, v) => new RegExp(`^(?:${p})$`).test(v ?? "");
  if (t.labelSelector || t.annotationSelector) throw new Error("patch target label/annotation selectors are not supported");
  return (t.group === undefined || t.group === group) && (t.version === undefined || t.version === version)
    && (t.kind === undefined || re(t.kind, o.kind)) && (t.name === undefined || re(t.name, o.metadata?.name))
    && (t.namespace === undefined || re(t.namespace, o.metadata?.namespace));
}

function splitImage(image) {
  // name[:tag][@digest]; a ':' before the last '/' belongs to a registry port.
  let digest = null, rest = image;
  const at = rest.indexOf("@");
  if (at >= 0) { digest = rest.slice(at + 1); rest = rest.slice(0, at); }
  const slash = rest.lastIndexOf("/"), colon = rest.lastIndexOf(":");
  let tag = null;
  if (colon > slash) { tag = rest.slice(colon + 1); rest = rest.slice(0, colon); }
  return { name: rest, tag, digest };
}

function applyImages(o, images) {
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    for (const [k, v] of Object.entries(node)) {
      if ((k === "containers" || k === "initContainers") && Array.isArray(v)) {
        for (const c of v) {
          if (typeof c?.image !== "string") continue;
          const img = splitImage(c.image);
          const rule = images.find((r) => r.name === img.name);
          if (!rule) continue;
          const name = rule.newName ?? img.name;
          if (rule.digest) c.image = `${name}@${rule.digest}`;
          else {
            const tag = rule.newTag ?? img.tag;
            c.image = name + (tag ? `:${tag}` : "") + (!rule.newTag && img.digest ? `@${img.digest}` : "");
          }
        }
      }
      visit(v);
    }
  };
  visit(o);
}

function addLabels(o, { pairs, includeSelectors = false, includeTemplates = false }) {
  o.metadata ??= {};
  o.metadata.labels = { ...(o.metadata.labels ?? {}), ...pairs };
  if (includeSelectors) throw new Error("labels.includeSelectors is not supported by this renderer (selectors are immutable; keep them explicit)");
  if (includeTemplates && o.spec?.template) {
    o.spec.template.metadata ??= {};
    o.spec.template.metadata.labels = { ...(o.spec.template.metadata.labels ?? {}), ...pairs };
  }
}

export function render(dir, seen = new Set()) {
  const kfile = ["kustomization.yaml", "kustomization.yml", "Kustomization"].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
  if (!kfile) throw new Error(`${dir}: no kustomization.yaml`);
  if (seen.has(kfile)) throw new Error(`${kfile}: cycle`);
  seen.add(kfile);
  const [k] = readYamlDocs(kfile);
  for (const key of Object.keys(k)) if (!SUPPORTED.has(key)) throw new Error(`${kfile}: '${key}' is not supported by this renderer`);
  let objs = [];
  for (const r of k.resources ?? []) {
    const p = path.join(dir, r);
    if (!fs.existsSync(p)) throw new Error(`${kfile}: resource ${r} not found`);
    if (fs.statSync(p).isDirectory()) objs.push(...render(p, seen));
    else objs.push(...readYamlDocs(p));
  }
  const ids = new Set();
  for (const o of objs) {
    if (!o.apiVersion || !o.kind || !o.metadata?.name) throw new Error(`${kfile}: an object lacks apiVersion, kind or metadata.name: ${JSON.stringify(o).slice(0, 120)}`);
    if (ids.has(idOf(o))) throw new Error(`${kfile}: ${idOf(o)} defined twice`);
    ids.add(idOf(o));
  }
  for (const p of k.patches ?? []) {
    if (p.options) throw new Error(`${kfile}: patch options are not supported`);
    const docs = p.path ? readYamlDocs(path.join(dir, p.path)) : p.patch ? YAML.parseAllDocuments(p.patch).map((d) => d.toJS()) : [];
    if (!docs.length) throw new Error(`${kfile}: empty patch`);
    for (const patch of docs) {
      if (Array.isArray(patch)) throw new Error(`${kfile}: JSON 6902 patches are not supported by this renderer`);
      const target = p.target ?? { kind: patch.kind, name: patch.metadata?.name };
      const hits = objs.filter((o) => matchesTarget(o, target));
      if (!hits.length) throw new Error(`${kfile}: patch ${p.path ?? "(inline)"} for ${JSON.stringify(target)} matches nothing`);
      objs = objs.map((o) => {
        if (!hits.includes(o)) return o;
        const pt = clone(patch);
        if (p.target) { delete pt.metadata?.name; }
        const merged = strategicMerge(o, pt, isBuiltIn(o.apiVersion));
        if (p.target) merged.metadata.name = o.metadata.name;
        return merged;
      });
    }
  }
  if (k.namespace) for (const o of objs) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  for (const l of k.labels ?? []) for (const o of objs) addLabels(o, l);
  if (k.images) for (const o of objs) applyImages(o, k.images);
  return objs;
}
