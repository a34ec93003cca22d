export function LandingPage() {
  return <main>Hourbook</main>;
}
