export function LandingPage() {
  return <p>LandingPage is being built.</p>;
}
