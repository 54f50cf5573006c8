import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export type ContractArtifact = {
  abi: unknown[];
  bytecode: `0x${string}`;
  deployedBytecode: `0x${string}`;
};
export type DevnetArtifacts = { token: ContractArtifact; aggregator: ContractArtifact };

const CONTRACTS = path.join(process.cwd(), "lib/devnet/contracts");
const FILES = ["TestUSDC.sol", "TryAggregator.sol"] as const;

/**
 * Compiles the devnet contracts with the solc npm package (wasm, offline). Artifacts are cached
 * under the data folder by source hash because a compile costs a few seconds.
 */
export function compileDevnetContracts(cacheDir: string): DevnetArtifacts {
  const sources = Object.fromEntries(
    FILES.map((f) => [f, { content: readFileSync(path.join(CONTRACTS, f), "utf8") }]),
  );
  const require = createRequire(import.meta.url);
  const solcVersion = (require("solc/package.json") as { version: string }).version;
  const key = createHash("sha256")
    .update(JSON.stringify(sources))
    .update(solcVersion)
    .digest("hex")
    .slice(0, 16);
  const cached = path.join(cacheDir, `devnet-contracts-${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, "utf8")) as DevnetArtifacts;

  const solc = require("solc") as {
    compile(input: string, opts: { import: (p: string) => unknown }): string;
  };
  const input = {
    language: "Solidity",
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
      outputSelection: {
        "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] },
      },
    },
  };
  const findImport = (importPath: string) => {
    try {
      return { contents: readFileSync(require.resolve(importPath), "utf8") };
    } catch {
      return { error: `not found: ${importPath}` };
    }
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<
      string,
      Record<
        string,
        {
          abi: unknown[];
          evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
        }
      >
    >;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length)
    throw new Error(
      `devnet contracts failed to compile:\n${errors.map((e) => e.formattedMessage).join("\n")}`,
    );
  const pick = (file: string, name: string): ContractArtifact => {
    const c = output.contracts[file]?.[name];
    if (!c) throw new Error(`${name} missing from compiler output`);
    return {
      abi: c.abi,
      bytecode: `0x${c.evm.bytecode.object}`,
      deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
    };
  };
  const artifact: DevnetArtifacts = {
    token: pick("TestUSDC.sol", "TestUSDC"),
    aggregator: pick("TryAggregator.sol", "TryAggregator"),
  };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cached, JSON.stringify(artifact));
  return artifact;
}
