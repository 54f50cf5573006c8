// The money door for code outside the server bundle (the launcher starts the devnet chain).
export { localChain } from "./payments/chain";
