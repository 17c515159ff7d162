import type { INodeProperties } from "n8n-workflow";

import {
  DEFAULT_LONGEST_WAIT_S,
  LONGEST_WAIT_OPTION,
  RATE_LIMIT_COLLECTION,
} from "../../shared/rate-limit";
import type { ResourceSpec } from "../resources/types";
import { showFor } from "./declare-once";

/**
 * What the node does when the service answers 429 (too many requests): one collection for every operation (one
 * declared property, evaluated once per item; n8n's own Request Options cannot take it), holding one option.
 */
const collection: INodeProperties = {
  displayName: "Rate Limits",
  name: RATE_LIMIT_COLLECTION,
  type: "collection",
  placeholder: "Add Option",
  default: {},
  options: [
    {
      displayName: "Longest Wait (Seconds)",
      name: LONGEST_WAIT_OPTION,
      type: "number",
      default: DEFAULT_LONGEST_WAIT_S,
      typeOptions: { minValue: 0 },
      description:
        "When the service answers 429 (too many requests), the node waits as long as it asks (Retry-After) or backs off, and sends the request again, for at most this long in all and never longer than Request Options > Timeout; then the item fails. A 429 applied nothing, so nothing is written twice. 0 turns this off: a 429 fails the item at once.",
    },
  ],
};

/** The collection, shown for every operation of every resource. */
export function rateLimitsCollection(
  specs: readonly ResourceSpec[],
): INodeProperties {
  const operations = [
    ...new Set(
      specs.flatMap((spec) =>
        spec.operations.map((operation) => operation.value),
      ),
    ),
  ];
  return showFor(
    specs.map((spec) => spec.value),
    operations,
    [collection],
  )[0];
}
