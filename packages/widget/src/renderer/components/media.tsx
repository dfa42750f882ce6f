import type { RenderEnv } from '../questions/question-props'

/** A question's or card's image, and a link to its video (videos are not embedded: no other origin loads). */
export function Media(props: {
  imageUrl?: string | undefined
  videoUrl?: string | undefined
  env: RenderEnv
  videoLabel: string
  alt?: string
}) {
  const image = props.env.resolveUrl(props.imageUrl)
  const video = props.env.resolveUrl(props.videoUrl)
  if (!image && !video) return null
  return (
    <>
      {image ? <img class="cv-media" src={image} alt={props.alt ?? ''} /> : null}
      {video ? (
        <p class="cv-note">
          <a href={video} target="_blank" rel="noopener noreferrer">
            {props.videoLabel}
          </a>
        </p>
      ) : null}
    </>
  )
}
