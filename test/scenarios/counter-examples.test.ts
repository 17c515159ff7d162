import { checkInvariants } from "./invariants";
import type { Scenario } from "./model";
import { runScenario } from "./run-scenario";
import { withEngineRejectionsHandled } from "../engine/harness/engine-rejections";

/**
 * Counter-examples the generated scenarios found, kept as the scenarios themselves (a path replays only while the
 * model draws the same way; these replay whatever the model becomes). Each failed on the code before its fix.
 */
const COUNTER_EXAMPLES: Array<{
  found: string;
  what: string;
  scenario: Scenario;
}> = [
  {
    found: "seed 901 path 1215",
    what: "Create From Estimate twins with a Delete in the chain: a candidate deleted meanwhile failed other rows",
    scenario: {
      operation: "invoiceFromEstimate",
      executions: 3,
      twins: true,
      keys: 2,
      items: [0, 1, 0, 0, 0, 1, 1, 0, 1],
      settings: {
        timeoutMs: 400,
        longestWaitS: 1,
        continueOnFail: true,
        ifExists: "returnIdentical",
        settleTimeouts: 5,
        ifPaid: "skip",
        refuseOverpayment: false,
        repeatWindowMinutes: 60,
        skipIfSentWithinMinutes: 60,
        existingPaymentStatus: "paidOnly",
        paymentStatus: "Not Paid",
        clientHasEmail: false,
        numbering: "next",
        markAccepted: true,
        filter: {
          invoiceNo: "INV-1",
          paymentStatus: "Paid",
          returnAll: true,
          limit: 2,
        },
        numberScope: "book",
      },
      faults: [
        { kind: "dropped", when: "before" },
        { kind: "serverError", when: "after", status: 500 },
        { kind: "serverError", method: "PUT", when: "before", status: 503 },
        { kind: "slow", method: "POST", when: "before", percent: 87 },
      ],
      chain: ["invoiceDelete"],
    },
  },
  {
    found: "seed 901 path 3625",
    what: "3 identical rows in twin executions, one create 503, one answered after the time-out: a fourth invoice",
    scenario: {
      operation: "invoiceCreate",
      executions: 2,
      twins: true,
      keys: 2,
      items: [0, 0, 0],
      settings: {
        timeoutMs: 1000,
        longestWaitS: 2,
        continueOnFail: false,
        ifExists: "returnIdentical",
        settleTimeouts: 2,
        ifPaid: "skip",
        refuseOverpayment: false,
        repeatWindowMinutes: 60,
        skipIfSentWithinMinutes: 0,
        existingPaymentStatus: "set",
        paymentStatus: "Paid",
        clientHasEmail: true,
        numbering: "next",
        markAccepted: true,
        filter: { invoiceNo: " INV-2 ", returnAll: true, limit: 4 },
      },
      faults: [
        { kind: "serverError", method: "POST", when: "before", status: 503 },
        { kind: "slow", method: "POST", when: "before", percent: 106 },
      ],
      chain: [],
    },
  },
  {
    found: "seed 901 path 4485",
    what: "Create From Estimate, Batching 2, identical rows across batches named fewer documents",
    scenario: {
      operation: "invoiceFromEstimate",
      executions: 1,
      twins: true,
      keys: 2,
      items: [1, 0, 0, 0, 0, 0],
      settings: {
        timeoutMs: 600,
        longestWaitS: 2,
        batching: { batchSize: 2, batchInterval: 20 },
        continueOnFail: true,
        ifExists: "error",
        settleTimeouts: 1,
        ifPaid: "skip",
        refuseOverpayment: false,
        repeatWindowMinutes: 60,
        skipIfSentWithinMinutes: 0,
        existingPaymentStatus: "keep",
        paymentStatus: "Not Paid",
        clientHasEmail: true,
        numbering: "next",
        markAccepted: true,
        filter: { paymentStatus: "Not Paid", returnAll: true, limit: 1 },
        numberScope: "book",
      },
      faults: [
        { kind: "slow", method: "POST", when: "before", percent: 147 },
        { kind: "dropped", method: "GET", when: "after" },
        {
          kind: "rateLimited",
          count: 1,
          retryAfter: { form: "garbage", value: "soon" },
        },
      ],
      chain: ["invoiceUpdate"],
    },
  },
  {
    found: "seed 901 path 5176",
    what: "Create Estimate, Batching 1, 4 executions: identical rows across batches named fewer documents",
    scenario: {
      operation: "estimateCreate",
      executions: 4,
      twins: true,
      keys: 1,
      items: [0, 0, 0, 0, 0],
      settings: {
        timeoutMs: 500,
        batching: { batchSize: 1, batchInterval: 50 },
        retry: { maxTries: 3, waitBetweenTries: 100 },
        continueOnFail: true,
        ifExists: "returnIdentical",
        settleTimeouts: 5,
        ifPaid: "skip",
        refuseOverpayment: true,
        repeatWindowMinutes: 60,
        skipIfSentWithinMinutes: 60,
        existingPaymentStatus: "paidOnly",
        paymentStatus: "Not Paid",
        clientHasEmail: true,
        numbering: "next",
        markAccepted: false,
        filter: { returnAll: false, limit: 2 },
        numberScope: "book",
      },
      faults: [
        {
          kind: "rateLimited",
          method: "PUT",
          count: 2,
          retryAfter: { form: "garbage", value: "-1" },
        },
        {
          kind: "rateLimited",
          count: 1,
          retryAfter: { form: "long", value: "120" },
        },
        { kind: "dropped", method: "POST", when: "after" },
      ],
      chain: [],
    },
  },
  {
    found: "seed 901 path 7411",
    what: "Batching 3, 8 identical rows, a create answer lost: later batches took earlier rows' documents",
    scenario: {
      operation: "estimateCreate",
      executions: 1,
      twins: true,
      keys: 5,
      items: [2, 1, 2, 1, 4, 1, 0, 1, 2, 1, 2],
      settings: {
        timeoutMs: 300,
        longestWaitS: 0,
        batching: { batchSize: 3, batchInterval: 20 },
        retry: { maxTries: 3, waitBetweenTries: 0 },
        continueOnFail: true,
        ifExists: "returnIdentical",
        settleTimeouts: 2,
        ifPaid: "skip",
        refuseOverpayment: true,
        repeatWindowMinutes: 60,
        skipIfSentWithinMinutes: 0,
        existingPaymentStatus: "paidOnly",
        paymentStatus: "Paid",
        clientHasEmail: true,
        numbering: "next",
        markAccepted: false,
        filter: { invoiceNo: " INV-2 ", returnAll: false, limit: 4 },
        numberScope: "eachClient",
      },
      faults: [
        {
          kind: "rateLimited",
          method: "POST",
          count: 2,
          retryAfter: { form: "long", value: "120" },
        },
        { kind: "dropped", method: "POST", when: "after" },
        { kind: "serverError", method: "GET", when: "after", status: 502 },
        { kind: "serverError", method: "PUT", when: "before", status: 502 },
      ],
      chain: [],
    },
  },
  {
    found: "seed 901 path 9413 (shrunk)",
    what: "two executions at once, one create answered after the time-out: its number given again to the other",
    scenario: {
      operation: "invoiceCreate",
      executions: 2,
      twins: false,
      keys: 1,
      items: [0],
      settings: {
        timeoutMs: 300,
        retry: { maxTries: 2, waitBetweenTries: 0 },
        continueOnFail: false,
        ifExists: "returnIdentical",
        settleTimeouts: 1,
        ifPaid: "skip",
        refuseOverpayment: false,
        repeatWindowMinutes: 60,
        skipIfSentWithinMinutes: 60,
        existingPaymentStatus: "paidOnly",
        paymentStatus: "Not Paid",
        clientHasEmail: false,
        numbering: "next",
        markAccepted: false,
        filter: { returnAll: false, limit: 1 },
      },
      faults: [{ kind: "slow", method: "POST", when: "before", percent: 104 }],
      chain: ["send"],
    },
  },
];

describe("counter-examples of the generated scenarios", () => {
  test.each(COUNTER_EXAMPLES)("$found: $what", async ({ scenario }) => {
    const outcome = await withEngineRejectionsHandled(
      async () => await runScenario(scenario),
    );
    expect(checkInvariants(outcome)).toEqual([]);
  });
});
