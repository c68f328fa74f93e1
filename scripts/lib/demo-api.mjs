// Steps on the demo data through a started server's API, shared by the benchmarks and the drills.
import { apiCall } from './server-process.mjs';

/**
 * Issues batches of `size` numbers in each of `series` to the demo operator (operator@demo.az), accepted by them:
 * their forms are active. The batches, and what a payment of their forms needs (region, transport type, coefficient).
 */
export async function issueAcceptedBatches(base, adminToken, operatorToken, series, size) {
  const operator = (await apiCall(base, adminToken, 'GET', '/api/user/users/operators/')).data.find(
    (u) => u.email === 'operator@demo.az',
  );
  const transportType = (await apiCall(base, adminToken, 'GET', '/api/transport-types/?per_page=1')).results[0];
  const coefficient = (await apiCall(base, adminToken, 'GET', '/api/fn-coefficients/?per_page=1')).results[0];
  const batches = [];
  for (const name of series) {
    const batch = await apiCall(base, adminToken, 'POST', '/api/fn/batches/', {
      series: name,
      start_number: '000001',
      finish_number: String(size).padStart(6, '0'),
      operator: operator.id,
      region: operator.region,
      transport_type: transportType.id,
      coefficient: coefficient.id,
      fnBase: null,
      expire_date: 3,
      expire_date_type: 'month',
    });
    await apiCall(base, operatorToken, 'POST', `/api/fn/batches/${batch.id}/accept/`, {});
    batches.push(batch);
  }
  return { batches, region: operator.region, transportType: transportType.id, coefficient: coefficient.coefficient };
}
