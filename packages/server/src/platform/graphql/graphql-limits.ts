import {
  GraphQLError,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isIntrospectionType,
  isListType,
  isNonNullType,
  isObjectType,
  parse,
  visit,
  type ArgumentNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type Source,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import { UNSTORABLE_TEXT_REASON, isUnstorableText } from '../http/unstorable-text.js';

/**
 * What a document may ask of a GraphQL endpoint (decision 0035). Text and tokens are checked while
 * parsing; the rest by `createDocumentLimits`, on the parsed document, before graphql-js validates
 * it (its rules walk every fragment spread, so an unbounded document must never reach them).
 */
export const GRAPHQL_LIMITS = {
  /** Characters of query text. The web app's largest document prints under 2,000. */
  maxLength: 8_000,
  /** Lexical tokens (graphql-js stops parsing past them). The web app's largest has 190. */
  maxTokens: 1_000,
  /** How deep fields nest. */
  maxDepth: 12,
  /**
   * The cost of one operation or fragment (FIELD_WEIGHTS, LIST_FACTORS): about 40 ms of the
   * server's CPU on the demo data at most. The web app's dearest operation costs under 500.
   */
  maxCost: 800,
  /** How many response keys (aliases) one root field may have in one operation. */
  maxAliasesPerRootField: 5,
  /**
   * Introspection's own budget (outside production only: there it is refused). It does not count
   * toward depth and cost, so GraphiQL and codegen can run `getIntrospectionQuery()` (with every
   * option it costs about 52,000 here, 15 levels deep), but its cycles (a type's fields' types'
   * fields…) are bounded all the same.
   */
  maxIntrospectionDepth: 16,
  maxIntrospectionCost: 55_000,
} as const;

export type GraphqlLimits = { readonly [Key in keyof typeof GRAPHQL_LIMITS]: number };

/**
 * What one selected field costs, in units of about 50 µs of the server's CPU on the demo data
 * (measured with `npm run graphql -w @lectern/bench`), by what answering it takes. Reads are
 * batched per request (a nested field's DataLoader sends one statement for every item of the
 * list around it), so a read counts once where the document asks for it; what it answers
 * counts per item (LIST_FACTORS).
 */
export const FIELD_WEIGHTS = {
  /** A property of an object already loaded, a leaf computed from it, `__typename`. */
  property: 1,
  /** A nested object or list with a resolver of its own: one batched read (DataLoader). */
  read: 40,
  /** A root query field: reads of its own, once per distinct arguments in a request. */
  root: 60,
  /** A root query field that searches (full text or word prefixes over a table): SEARCH_FIELD. */
  search: 100,
  /** A mutation: a transaction, run one after the other. */
  mutation: 100,
} as const;

/**
 * How many times what is selected under a list counts, for each list around a field's type
 * (lists in lists multiply): a list a resolver answers (a root field's, a nested read's)
 * LIST_FACTORS.read; a list that is a property of an object already loaded (a plan's price
 * options, bounded by the object) LIST_FACTORS.property. The schema's own lists (its types, their
 * fields) are long: LIST_FACTORS.introspection.
 */
export const LIST_FACTORS = { read: 5, property: 2, introspection: 10 } as const;

/** Root fields that search: `topicSearch`, `searchLectures` and the like. */
const SEARCH_FIELD = /^search[A-Z]|Search$/;

const INTROSPECTION_FIELDS = new Set([SchemaMetaFieldDef.name, TypeMetaFieldDef.name]);

const tooComplex = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX' } });

/**
 * graphql-js's parse, refusing text longer than `maxLength` or with more than `maxTokens` tokens
 * (QUERY_TOO_COMPLEX) before it builds anything from it.
 */
export function parseWithinLimits(
  source: string | Source,
  limits: GraphqlLimits = GRAPHQL_LIMITS,
): DocumentNode {
  const text = typeof source === 'string' ? source : source.body;
  if (text.length > limits.maxLength) {
    throw tooComplex(`The query has ${text.length} characters; at most ${limits.maxLength} are allowed.`);
  }
  try {
    return parse(source, { maxTokens: limits.maxTokens });
  } catch (error) {
    // graphql-js says so in a syntax error: "Document contains more that N tokens. Parsing aborted."
    if (error instanceof GraphQLError && /contains more tha[nt] \d+ tokens/.test(error.message)) {
      throw tooComplex(`The query has more than ${limits.maxTokens} tokens; at most that many are allowed.`);
    }
    throw error;
  }
}

interface Measure {
  /** The weights of the reads asked for: each once, lists or not (they are batched). */
  reads: number;
  /** The weights of the properties answered, times the lists around them. */
  items: number;
  depth: number;
  /** Introspection's cost and depth (outside production), kept apart. */
  metaCost: number;
  metaDepth: number;
}

const NOTHING: Measure = { reads: 0, items: 0, depth: 0, metaCost: 0, metaDepth: 0 };

/** Thrown inside a measure to stop at the first limit passed; becomes the refusal. */
class Refusal {
  constructor(readonly error: GraphQLError) {}
}

function listsAround(type: GraphQLType): number {
  let lists = 0;
  let inner: GraphQLType = type;
  while (isNonNullType(inner) || isListType(inner)) {
    if (isListType(inner)) lists += 1;
    inner = inner.ofType;
  }
  return lists;
}

/**
 * The limits other than the text's (GRAPHQL_LIMITS) for one schema, as a check of a parsed
 * document: depth, cost, aliases of a root field, fragment cycles, and text no database can keep
 * in an argument. Each fragment is measured once per document and the walk stops at the first
 * limit passed, so the check costs about the size of the document, whatever it would expand to.
 * Build it once the resolvers are on the schema's fields: a field's weight depends on its resolver.
 */
export function createDocumentLimits(
  schema: GraphQLSchema,
  options: { production: boolean; limits?: GraphqlLimits },
): (document: DocumentNode) => readonly GraphQLError[] {
  const limits = options.limits ?? GRAPHQL_LIMITS;
  const queryType = schema.getQueryType();
  const mutationType = schema.getMutationType();
  const weights = new WeakMap<GraphQLField<unknown, unknown>, { weight: number; read: boolean }>();

  const weightOf = (parent: GraphQLNamedType | undefined, field: GraphQLField<unknown, unknown>) => {
    let known = weights.get(field);
    if (known) return known;
    if (parent === queryType && !field.name.startsWith('__')) {
      known = {
        weight: SEARCH_FIELD.test(field.name) ? FIELD_WEIGHTS.search : FIELD_WEIGHTS.root,
        read: true,
      };
    } else if (parent !== undefined && parent === mutationType) {
      known = { weight: FIELD_WEIGHTS.mutation, read: true };
    } else if (
      field.resolve &&
      isCompositeType(getNamedType(field.type)) &&
      !(parent && isIntrospectionType(parent))
    ) {
      known = { weight: FIELD_WEIGHTS.read, read: true };
    } else {
      known = { weight: FIELD_WEIGHTS.property, read: false };
    }
    weights.set(field, known);
    return known;
  };

  const fieldOf = (parent: GraphQLNamedType | undefined, name: string) => {
    if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
    if (parent === queryType && name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (parent === queryType && name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
    return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
  };

  return (document) => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) {
      // The first of two fragments with one name is the one measured: graphql-js refuses the pair.
      if (definition.kind === Kind.FRAGMENT_DEFINITION && !fragments.has(definition.name.value)) {
        fragments.set(definition.name.value, definition);
      }
    }
    // Each fragment is measured once per document, whatever the number of its spreads.
    const measured = new Map<FragmentDefinitionNode, Measure>();
    const inProgress: string[] = [];

    const checkMeasure = (measure: Measure) => {
      if (measure.reads + measure.items > limits.maxCost) {
        // No figure: the walk stopped where the limit was passed, it never counted the whole.
        throw new Refusal(
          tooComplex(
            `The query costs more than ${limits.maxCost}, the most allowed (each field weighed by what answering it takes).`,
          ),
        );
      }
      if (measure.depth > limits.maxDepth) {
        throw new Refusal(
          tooComplex(`The query is nested more than ${limits.maxDepth} levels deep, the most allowed.`),
        );
      }
      if (
        measure.metaCost > limits.maxIntrospectionCost ||
        measure.metaDepth > limits.maxIntrospectionDepth
      ) {
        throw new Refusal(
          tooComplex(
            `The introspection query is nested more than ${limits.maxIntrospectionDepth} levels deep or costs more than ${limits.maxIntrospectionCost}, the most allowed.`,
          ),
        );
      }
    };

    const measureFragment = (fragment: FragmentDefinitionNode): Measure => {
      const known = measured.get(fragment);
      if (known) return known;
      const name = fragment.name.value;
      if (inProgress.includes(name)) {
        const via = inProgress.slice(inProgress.indexOf(name) + 1);
        throw new Refusal(
          new GraphQLError(
            `Cannot spread fragment "${name}" within itself${via.length > 0 ? ` via ${via.map((n) => `"${n}"`).join(', ')}` : ''}.`,
            { nodes: [fragment], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } },
          ),
        );
      }
      inProgress.push(name);
      const type = schema.getType(fragment.typeCondition.name.value);
      const measure = measureSelections(fragment.selectionSet, type);
      inProgress.pop();
      measured.set(fragment, measure);
      return measure;
    };

    const measureSelections = (
      selectionSet: SelectionSetNode,
      parent: GraphQLNamedType | undefined,
    ): Measure => {
      const total = { ...NOTHING };
      const addSpread = (inner: Measure) => {
        total.reads += inner.reads;
        total.items += inner.items;
        total.depth = Math.max(total.depth, inner.depth);
        total.metaCost += inner.metaCost;
        total.metaDepth = Math.max(total.metaDepth, inner.metaDepth);
        checkMeasure(total);
      };
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.INLINE_FRAGMENT) {
          const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
          addSpread(measureSelections(selection.selectionSet, type ?? undefined));
          continue;
        }
        if (selection.kind === Kind.FRAGMENT_SPREAD) {
          const fragment = fragments.get(selection.name.value);
          // An unknown fragment is refused by validation (KnownFragmentNames).
          if (fragment) addSpread(measureFragment(fragment));
          continue;
        }
        const field = fieldOf(parent, selection.name.value);
        // A field the schema does not have weighs as a property: validation refuses it next.
        const { weight, read } = field
          ? weightOf(parent, field)
          : { weight: FIELD_WEIGHTS.property, read: false };
        const introspection =
          INTROSPECTION_FIELDS.has(selection.name.value) || (!!parent && isIntrospectionType(parent));
        const factor = introspection
          ? LIST_FACTORS.introspection
          : field?.resolve
            ? LIST_FACTORS.read
            : LIST_FACTORS.property;
        const times = field ? factor ** listsAround(field.type) : 1;
        const inner = selection.selectionSet
          ? measureSelections(selection.selectionSet, field ? getNamedType(field.type) : undefined)
          : NOTHING;
        if (introspection && !options.production) {
          // Introspection (its root fields, and every field of its types: a fragment on __Type)
          // has a budget of its own outside production; nothing of it is batched.
          total.metaCost += weight + times * (inner.reads + inner.items + inner.metaCost);
          total.metaDepth = Math.max(total.metaDepth, 1 + Math.max(inner.depth, inner.metaDepth));
        } else {
          if (read) total.reads += weight;
          else total.items += weight;
          total.reads += inner.reads;
          total.items += times * inner.items;
          total.depth = Math.max(total.depth, 1 + inner.depth);
          total.metaCost += times * inner.metaCost;
          total.metaDepth = Math.max(total.metaDepth, inner.metaDepth);
        }
        checkMeasure(total);
      }
      return total;
    };

    /** The response keys of each root field of an operation, fragments spread at the root included. */
    const rootKeys = new Map<string, Set<string>>();
    const countRootKeys = (selectionSet: SelectionSetNode, visited: Set<string>) => {
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          const name = selection.name.value;
          // `__typename` reads nothing: any number of it costs what its cost says.
          if (name === TypeNameMetaFieldDef.name) continue;
          const keys = rootKeys.get(name) ?? new Set<string>();
          keys.add(selection.alias?.value ?? name);
          rootKeys.set(name, keys);
          if (keys.size > limits.maxAliasesPerRootField) {
            throw new Refusal(
              tooComplex(
                `The query asks for ${name} more than ${limits.maxAliasesPerRootField} times (aliases), the most allowed.`,
              ),
            );
          }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          countRootKeys(selection.selectionSet, visited);
        } else if (!visited.has(selection.name.value)) {
          // Each fragment's keys once: a second spread of it adds no key.
          visited.add(selection.name.value);
          const fragment = fragments.get(selection.name.value);
          if (fragment) countRootKeys(fragment.selectionSet, visited);
        }
      }
    };

    const rootOf = (operation: OperationDefinitionNode) =>
      operation.operation === 'query'
        ? queryType
        : operation.operation === 'mutation'
          ? mutationType
          : schema.getSubscriptionType();

    try {
      for (const definition of document.definitions) {
        if (definition.kind === Kind.OPERATION_DEFINITION) {
          checkMeasure(measureSelections(definition.selectionSet, rootOf(definition) ?? undefined));
          rootKeys.clear();
          countRootKeys(definition.selectionSet, new Set());
        } else if (definition.kind === Kind.FRAGMENT_DEFINITION) {
          // Fragments no operation spreads are still walked by validation: they are bounded too.
          if (fragments.get(definition.name.value) === definition) checkMeasure(measureFragment(definition));
          else checkMeasure(measureSelections(definition.selectionSet, undefined));
        }
      }
    } catch (error) {
      if (error instanceof Refusal) return [error.error];
      throw error;
    }
    const unstorable = unstorableArguments(document);
    return unstorable ? [unstorable] : [];
  };
}

/** The dotted path of the first unstorable string in a literal value (`title`, `reminder.title`). */
function unstorablePathOf(value: ValueNode, path: string): string | null {
  if (value.kind === Kind.STRING) return isUnstorableText(value.value) ? path : null;
  if (value.kind === Kind.LIST) {
    for (const [index, item] of value.values.entries()) {
      const found = unstorablePathOf(item, `${path}.${index}`);
      if (found) return found;
    }
  }
  if (value.kind === Kind.OBJECT) {
    for (const field of value.fields) {
      const found = unstorablePathOf(field.value, `${path}.${field.name.value}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * A string literal no database can keep (U+0000, a lone surrogate: the REST guard's rule, see
 * http/unstorable-text.ts) in an argument or a variable's default: BAD_USER_INPUT naming the
 * argument, as the resolvers' own input errors do. Variables are checked with the request.
 */
function unstorableArguments(document: DocumentNode): GraphQLError | null {
  let found: { path: string; node: ArgumentNode | ValueNode } | null = null;
  visit(document, {
    Argument(node) {
      const path = found ? null : unstorablePathOf(node.value, node.name.value);
      if (path) found = { path, node };
      return false;
    },
    VariableDefinition(node) {
      const path =
        found || !node.defaultValue ? null : unstorablePathOf(node.defaultValue, node.variable.name.value);
      if (path && node.defaultValue) found = { path, node: node.defaultValue };
      return false;
    },
  });
  if (!found) return null;
  const { path, node } = found as { path: string; node: ArgumentNode | ValueNode };
  return unstorableInput(path, [node]);
}

/** BAD_USER_INPUT for text no database can keep at `path`, in the error contract's field errors. */
export function unstorableInput(path: string, nodes?: readonly (ArgumentNode | ValueNode)[]): GraphQLError {
  return new GraphQLError(`The value of ${path} cannot be kept: ${UNSTORABLE_TEXT_REASON}.`, {
    ...(nodes ? { nodes } : {}),
    extensions: { code: 'BAD_USER_INPUT', field_errors: { [path]: [UNSTORABLE_TEXT_REASON] } },
  });
}

/**
 * Refuses operations of a type the schema has no root for (`mutation` on a schema without
 * mutations), as graphql-js 17's KnownOperationTypesRule does; graphql-js 16 lets them through to
 * execution.
 */
export const knownOperationTypesRule: ValidationRule = (context: ValidationContext) => ({
  OperationDefinition(node) {
    const schema = context.getSchema();
    const root =
      node.operation === 'query'
        ? schema.getQueryType()
        : node.operation === 'mutation'
          ? schema.getMutationType()
          : schema.getSubscriptionType();
    if (!root) {
      context.reportError(
        new GraphQLError(`The schema of this endpoint does not support ${node.operation} operations.`, {
          nodes: [node],
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        }),
      );
    }
  },
});
