// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Placed at the canonical Multicall3 address on the devnet so the x402 facilitator can batch its
/// diagnostic reads (balance, nonce state, token name) and report precise verify failures.
/// Only the `tryAggregate` entry point the facilitator uses is provided.
contract TryAggregator {
    struct Call {
        address target;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function tryAggregate(bool requireSuccess, Call[] calldata calls) external returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (requireSuccess) require(ok, "TryAggregator: call failed");
            results[i] = Result(ok, data);
        }
    }
}
