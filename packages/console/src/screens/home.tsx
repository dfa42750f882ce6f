import { useConsole } from '../context'

/** Where the console opens: who you are and where to go. */
export function HomeScreen() {
  const { boot } = useConsole()
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">{boot.project.name}</h1>
      <p>
        {boot.person ? `Signed in as ${boot.person.name}` : 'Signed in'}, with the role <strong>{boot.role}</strong>.
      </p>
      <p>Pick a section in the navigation to work on surveys, their results and the project's settings.</p>
    </section>
  )
}
