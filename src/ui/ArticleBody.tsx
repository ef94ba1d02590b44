import type { ArticleBlock } from '../content/seoArticles/types'

/** Paragraphs and bullet lists of a content section. */
export function ArticleBody({ blocks }: { blocks: readonly ArticleBlock[] }) {
  return (
    <>
      {blocks.map((block, i) =>
        typeof block === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: static content never reorders
          <p key={i}>{block}</p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: static content never reorders
          <ul key={i}>
            {block.list.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </>
  )
}
