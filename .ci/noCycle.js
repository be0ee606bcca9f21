// @ts-check
import ts from 'typescript';

/**
 * `local/no-cycle`: no module reaches itself through its imports, type-only imports counted.
 *
 * import-x/no-cycle skips every `import type` and every import whose names are all types, with no option to count
 * them (eslint-plugin-import-x 4, rules/no-cycle.js). A circle of types is still a circle for the reader: two files
 * that can only be understood together. So the graph here is the one TypeScript itself resolves: every static
 * import and re-export of every file in the linted file's program, type-only or not. Dynamic `import()` is left
 * out, as import-x leaves it out: it is how a module loads another lazily, at a time of its choosing.
 */

/** @typedef {{ forward: Map<string, string[]>, reverse: Map<string, Set<string>> }} Graph */

/** @type {WeakMap<ts.Program, Graph>} */
const graphs = new WeakMap();

/** @param {ts.Statement | ts.Node} statement */
function specifierOf(statement) {
  if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) {
    const specifier = statement.moduleSpecifier;
    return specifier && ts.isStringLiteral(specifier) ? specifier.text : undefined;
  }
  if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
    const expression = statement.moduleReference.expression;
    return ts.isStringLiteral(expression) ? expression.text : undefined;
  }
  return undefined;
}

/**
 * The project file a specifier leads to, or undefined for a package, a file outside the program or an asset.
 * @param {ts.Program} program
 * @param {string} specifier
 * @param {string} from
 */
function resolved(program, specifier, from) {
  const result = ts.resolveModuleName(specifier, from, program.getCompilerOptions(), ts.sys).resolvedModule;
  if (!result || result.isExternalLibraryImport) return undefined;
  return program.getSourceFile(result.resolvedFileName) ? result.resolvedFileName : undefined;
}

/** @param {ts.Program} program */
function graphOf(program) {
  const known = graphs.get(program);
  if (known) return known;
  /** @type {Graph} */
  const graph = { forward: new Map(), reverse: new Map() };
  for (const file of program.getSourceFiles()) {
    if (program.isSourceFileFromExternalLibrary(file) || file.fileName.includes('/node_modules/')) continue;
    const targets = [];
    for (const statement of file.statements) {
      const specifier = specifierOf(statement);
      const target = specifier === undefined ? undefined : resolved(program, specifier, file.fileName);
      if (target === undefined) continue;
      targets.push(target);
      const importers = graph.reverse.get(target) ?? new Set();
      importers.add(file.fileName);
      graph.reverse.set(target, importers);
    }
    graph.forward.set(file.fileName, targets);
  }
  graphs.set(program, graph);
  return graph;
}

/**
 * The files from which `file` can be reached, each with the next step on one way there.
 * @param {Graph} graph
 * @param {string} file
 */
function reaching(graph, file) {
  /** @type {Map<string, string>} */
  const nextStep = new Map();
  const queue = [file];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const importer of graph.reverse.get(at) ?? []) {
      if (nextStep.has(importer) || importer === file) continue;
      nextStep.set(importer, at);
      queue.push(importer);
    }
  }
  return nextStep;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import circles, type-only imports included' },
    schema: [],
    messages: {
      cycle: 'Import circle (type imports count): {{route}}. Move what both sides need into a file of its own.',
    },
  },
  create(context) {
    const program = context.sourceCode.parserServices?.program;
    if (!program) return {};
    const file = context.physicalFilename;
    const cwd = context.cwd;
    const short = (/** @type {string} */ name) => (name.startsWith(`${cwd}/`) ? name.slice(cwd.length + 1) : name);
    /** @type {Map<string, string> | undefined} */
    let nextStep;
    /** @param {import('eslint').Rule.Node & { source?: { value?: unknown } | null }} node */
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const target = resolved(program, specifier, file);
      if (target === undefined) return;
      nextStep ??= reaching(graphOf(program), file);
      if (target !== file && !nextStep.has(target)) return;
      const route = [short(file)];
      for (let /** @type {string | undefined} */ at = target; at !== undefined && at !== file; at = nextStep.get(at))
        route.push(short(at));
      route.push(short(file));
      context.report({ node, messageId: 'cycle', data: { route: route.join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export const localPlugin = { rules: { 'no-cycle': noCycle } };
