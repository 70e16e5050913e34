import {
  GraphQLError,
  Kind,
  type ValidationContext,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';

/** How deep a query may nest fields, and how many fields it may select in all (fragments expanded). */
export const GRAPHQL_LIMITS = { maxDepth: 12, maxCost: 500 } as const;

interface Measure {
  depth: number;
  cost: number;
}

function measure(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  seen: Set<string>,
): Measure {
  let depth = 0;
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      cost += 1;
      if (selection.selectionSet) {
        const inner = measure(selection.selectionSet, fragments, seen);
        depth = Math.max(depth, inner.depth + 1);
        cost += inner.cost;
      } else depth = Math.max(depth, 1);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const inner = measure(selection.selectionSet, fragments, seen);
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
    } else {
      const fragment = fragments[selection.name.value];
      // A fragment spread inside itself is reported by graphql-js's own NoFragmentCycles rule.
      if (!fragment || seen.has(fragment.name.value)) continue;
      const inner = measure(fragment.selectionSet, fragments, new Set([...seen, fragment.name.value]));
      depth = Math.max(depth, inner.depth);
      cost += inner.cost;
    }
  }
  return { depth, cost };
}

/**
 * Refuses operations nested deeper than `maxDepth` or selecting more than `maxCost` fields, with
 * a clear message and `extensions.code` QUERY_TOO_COMPLEX, before anything is executed.
 */
export function complexityLimitRule(
  limits: { maxDepth: number; maxCost: number } = GRAPHQL_LIMITS,
): ValidationRule {
  return (context: ValidationContext) => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    }
    return {
      OperationDefinition(operation) {
        const { depth, cost } = measure(operation.selectionSet, fragments, new Set());
        if (depth > limits.maxDepth) {
          context.reportError(
            new GraphQLError(
              `The query is nested ${depth} levels deep; at most ${limits.maxDepth} are allowed.`,
              {
                nodes: [operation],
                extensions: { code: 'QUERY_TOO_COMPLEX' },
              },
            ),
          );
        } else if (cost > limits.maxCost) {
          context.reportError(
            new GraphQLError(`The query selects ${cost} fields; at most ${limits.maxCost} are allowed.`, {
              nodes: [operation],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
      },
    };
  };
}
