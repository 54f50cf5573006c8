// The module rule: lib/ is a handful of modules, each entered only through its front door
// (index.ts; browser.ts for client components; edge.ts for the request proxy; worker.mjs for the
// plain-JavaScript entries of worker threads), and a module may
// import only the modules below it in LAYERS — types included. Checked in the suite
// (tests/unit/module-rule.test.ts).
const LAYERS = [
  "platform",
  "catalog",
  "screening",
  "media",
  "jobs",
  "money",
  "notify",
  "checkout",
  "devnet",
  "ops",
  "server",
  "http",
];
const DOOR = "((index|browser|edge)\\.ts|worker\\.mjs)$";

const above = (i) => LAYERS.slice(i + 1);

module.exports = {
  forbidden: [
    ...LAYERS.map((mod, i) => ({
      name: `layer-${mod}`,
      comment: `${mod} may import only ${LAYERS.slice(0, i).join(", ") || "nothing of lib"}`,
      severity: "error",
      from: { path: `^lib/${mod}/` },
      to: {
        path: above(i).length ? `^lib/(${above(i).join("|")})/` : "^$",
      },
    })),
    {
      name: "front-door",
      comment: "across modules, import only a module's front door",
      severity: "error",
      from: { path: "^lib/([^/]+)/" },
      to: { path: "^lib/[^/]+/", pathNot: ["^lib/$1/", `^lib/[^/]+/${DOOR}`] },
    },
    {
      name: "front-door-from-app",
      comment: "app/, components/ and the root hooks enter lib/ only through front doors",
      severity: "error",
      from: { path: "^(app|components)/|^(proxy|instrumentation)\\.ts$" },
      to: { path: "^lib/", pathNot: `^lib/[^/]+/${DOOR}` },
    },
    {
      name: "browser-door",
      comment: "client components take only the browser doors, which hold no server code",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^lib/[^/]+/(index|edge)\\.ts$" },
    },
    {
      name: "domain-not-app",
      comment: "lib/ never imports app/ or components/",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "devnet-only-from-root",
      comment: "production code never imports the devnet; only the composition root wires it in",
      severity: "error",
      from: { path: "^lib/", pathNot: "^lib/(devnet|server)/" },
      to: { path: "^lib/devnet/" },
    },
    {
      name: "no-cycle",
      comment: "no runtime import cycle between files of lib/ (a type may name its user back)",
      severity: "error",
      from: { path: "^lib/" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|\\.next)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
