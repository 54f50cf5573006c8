/** The local chain's fixed facts: anvil's well-known accounts and where the test USDC lands. */

export const DEVNET_NETWORK = "eip155:31337";
export const DEVNET_MNEMONIC = "test test test test test test test test test test test junk";
/** Hardhat/anvil account #0: deploys the token, runs the facilitator, receives payments. */
export const DEVNET_ACCOUNT0_KEY =
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
export const DEVNET_ACCOUNT0_ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
/** Where account #0's first deployment lands on a fresh chain. */
export const DEVNET_USDC_ADDRESS = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

/** Known USDC deployments: a production network must use its real asset. */
export const KNOWN_USDC: Record<string, { address: string; name: string; version: string }> = {
  "eip155:8453": {
    address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    name: "USD Coin",
    version: "2",
  },
  "eip155:84532": {
    address: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
    name: "USDC",
    version: "2",
  },
};
