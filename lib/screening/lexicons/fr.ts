import { type Lexicon, under18Or, fromData } from "./types";
import data from "./data/fr.json";

/**
 * French. Elided articles are separate words ("l'enfant" reads "l enfant"), accents are folded
 * ("bébé" reads "bebe"). "fille" (also "daughter") is left out alone, as "girl" is in English;
 * "petite fille", "fillette", "garçon" are in. "nu/nue" are short and fire only in French text.
 */

const AGES = under18Or("un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|dix-sept");
const ANIMALS = "phoque|phoques|éléphant|éléphants|girafe|girafes|panda|pandas|tigre|tigres|lion|lions|ours|dauphin|dauphins|baleine|baleines|koala|koalas|singe|singes|pingouin|pingouins|manchot|manchots|tortue|tortues|loutre|loutres|hibou|kangourou|hippopotame|rhinocéros|renard|renards|zèbre|zèbres|chameau|lama|lamas|alpaga|chèvre|chèvres|gorille|chien|chat|cheval|dinosaure|dragon";

export const LEXICON: Lexicon = fromData(data, {
  minors1: `(fille|filles|garçon|garçons|fillette|fillettes|jeune|jeunes|enfant|enfants|adolescente|adolescent|élève|élèves|étudiante|étudiant|sœur|frère|nièce|neveu|cousine|cousin|petite-fille|petit-fils|mannequin|danseuse|danseur|gymnaste|joueuse|joueur|chanteuse|chanteur|actrice|acteur|modèle|jumelles|jumeaux|femme|homme|personne|gamine|gamin|patineuse|nageuse) (de|d') (${AGES}) (ans|mois)`,
  minors2: `(âgé|âgée|âgés|âgées) de (${AGES}) ans`,
  minors3: `(il|elle|qui) a (${AGES}) ans`,
  minors4: `(${AGES}) ans et demi`,
  exceptions1: `(bébé|bébés) (${ANIMALS})`,
  exceptions2: `(${ANIMALS}) (bébé|bébés)`,
});
