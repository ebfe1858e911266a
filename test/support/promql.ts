/**
 * PromQL read as Prometheus reads it, with Prometheus' own grammar (@prometheus-io/lezer-promql):
 * whether an expression parses, and the series selectors it names.
 */
import { parser } from '@prometheus-io/lezer-promql';

export interface LabelMatcher {
  readonly label: string;
  readonly op: '=' | '!=' | '=~' | '!~';
  readonly value: string;
}

export interface Selector {
  readonly metric: string;
  readonly matchers: readonly LabelMatcher[];
}

/** Grafana's variables as a query sends them, so that the query can be parsed as Prometheus gets it. */
export function withGrafanaVariables(expr: string): string {
  return expr.replaceAll('$__rate_interval', '5m').replaceAll('$instance', '.*').replaceAll('$site', '.*');
}

/** The selectors of an expression, or the first place it does not parse. */
export function selectorsOf(expr: string): { readonly error: string } | { readonly selectors: readonly Selector[] } {
  const tree = parser.parse(expr);
  const selectors: Selector[] = [];
  let error: string | undefined;
  const text = (from: number, to: number) => expr.slice(from, to);
  tree.iterate({
    enter(node) {
      if (node.type.isError) {
        error ??= `does not parse at ${node.from}: ${JSON.stringify(expr.slice(node.from, node.from + 20))}`;
        return false;
      }
      if (node.name !== 'VectorSelector') return undefined;
      const selector = node.node;
      const metric = selector.getChild('Identifier');
      const matchers: LabelMatcher[] = [];
      for (const matcher of selector.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? []) {
        const label = matcher.getChild('LabelName');
        const op = matcher.getChild('MatchOp');
        const value = matcher.getChild('StringLiteral');
        if (label && op && value) matchers.push({ label: text(label.from, label.to), op: text(op.from, op.to) as LabelMatcher['op'], value: JSON.parse(text(value.from, value.to)) as string });
      }
      selectors.push({ metric: metric ? text(metric.from, metric.to) : '', matchers });
      return false;
    },
  });
  return error === undefined ? { selectors } : { error };
}
