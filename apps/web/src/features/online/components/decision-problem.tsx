import { Alert } from 'antd';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-rules';

/**
 * What a refused decision says, kept on the screen rather than in a toast that fades: a 409's detail (decided
 * meanwhile; a vehicle with no free form in the region), a 400's messages one line each. Null: a failure, which
 * the toast says.
 */
export function decisionProblem(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return null;
  const messages = serverFieldErrors(error).map(([, message]) => message);
  const detail = error.fieldMessage('detail');
  const all = detail ? [detail, ...messages] : messages;
  return all.length > 0 ? all : null;
}

/** The reasons a decision was refused, above the request, until closed or the next attempt. */
export function DecisionProblem({ messages, onClose }: { messages: string[]; onClose: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose }}
      data-testid="online-decision-problem"
      message={
        messages.length === 1 ? (
          messages[0]
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )
      }
    />
  );
}
