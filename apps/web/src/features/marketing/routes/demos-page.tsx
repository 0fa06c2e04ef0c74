export function DemosPage() {
  return <p>DemosPage is being built.</p>;
}
