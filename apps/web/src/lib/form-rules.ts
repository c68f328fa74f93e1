import type { RuleObject } from 'antd/es/form';

/** An Ant Design form rule from a shared rule function (`value => message | null`). */
export function sharedRule(problem: (value: string) => string | null): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const message = problem(typeof value === 'string' ? value : '');
      if (message) throw new Error(message);
    },
  };
}
