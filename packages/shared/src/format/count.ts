/** A count in Azerbaijani writing: thousands with dots (`12.345`), as money shows them (`formatMoney`). */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
