import type { NextConfig } from "next";
import { API_RESPONSE_HEADERS } from "./lib/http/api/response-headers";

const config: NextConfig = {
  // Native binaries, wasm and files read at run time stay outside the bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@ffmpeg-installer/ffmpeg",
    "@ffprobe-installer/ffprobe",
    "@foundry-rs/anvil",
    "solc",
    "postgres",
    "@neondatabase/serverless",
    "ws",
    "ioredis",
    // Image screening: the models are files inside these packages, read from node_modules at run time.
    "sharp",
    "@tensorflow/tfjs",
    "@tensorflow/tfjs-backend-wasm",
    "@vladmandic/face-api",
    "nsfwjs",
  ],
  // Files the image screening reads by path (lib/media/images/models.ts), which tracing cannot see.
  outputFileTracingIncludes: {
    "/*": [
      "./node_modules/@vladmandic/face-api/model/ssd_mobilenetv1_model*",
      "./node_modules/@tensorflow/tfjs-backend-wasm/dist/*.wasm",
      "./node_modules/nsfwjs/dist/models/mobilenet_v2/**",
      // The screening worker is started from its file (lib/media/images/screen-pool.ts), with tsx.
      "./lib/media/images/**",
      "./node_modules/tsx/**",
      // The embedded database's thread, started from its file (lib/platform/db/pglite-worker-client.ts).
      "./lib/platform/db/pglite-worker-entry.mjs",
      "./lib/platform/db/pglite-kept-statements.mjs",
      // The devnet facilitator's thread, started from its file (lib/money/payments/facilitator-thread.ts).
      "./lib/money/payments/**",
      "./lib/platform/**",
    ],
  },
  turbopack: { root: import.meta.dirname },
  poweredByHeader: false,
  // Server code keeps its names: the stack frames a failure's log line names stay readable.
  // proxy.ts runs on every route, and Next.js hands a route only the first proxyClientMaxBodySize
  // bytes of a body the proxy saw, cutting the rest silently (10 MB by default: a chunked 11.5 MB
  // upload arrived as a complete 10 MB one). Far above the largest body any route accepts (an
  // upload: 10 MB image + 64 KB multipart framing), so a cut body still exceeds every route's own
  // limit (lib/catalog/requests/read-body.ts), which then refuses it with 413.
  experimental: { serverMinification: false, proxyClientMaxBodySize: 24 * 1024 * 1024 },
  // Content negotiation at `/`: a browser asking for HTML gets the studio page, every other
  // client the storefront JSON of app/route.ts. A config rewrite, unlike one in proxy.ts, does
  // not announce its target in a response header.
  async rewrites() {
    return {
      beforeFiles: [
        {
          source: "/",
          has: [{ type: "header", key: "accept", value: ".*text/html.*" }],
          destination: "/studio",
        },
      ],
      afterFiles: [],
      fallback: [],
    };
  },
  // What the proxy puts on every other answer, for the routes that skip it (proxy.ts's matcher).
  async headers() {
    return [
      {
        source: "/:route(healthz|jobs/[^/]+|generate/[^/]+/[^/]+)",
        headers: Object.entries(API_RESPONSE_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ];
  },
  // The whole project is type-checked once by `npm run typecheck` (a stage of `npm test`).
  typescript: { ignoreBuildErrors: true },
};

export default config;
