import { type Lexicon, UNDER_18, under18Or, fromData } from "./types";
import data from "./data/it.json";

/**
 * Italian. Elisions split ("dell'uomo" reads "dell uomo"), accents are folded. "ragazzo/a"
 * are said of young adults and are left out alone, as "girl" is in English; "bambino",
 * "ragazzino", "bimbo" are in. "pene" is also "pains", so it is listed after an article;
 * never a stem that starts an innocent word ("mozza*" would hit mozzarella).
 */

const AGES = under18Or("uno|una|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette");
const AGED_GLUED = Array.from({ length: 17 }, (_, i) => [`${i + 1}enne`, `${i + 1}enni`]).flat();
const ANIMALS = "foca|foche|elefante|elefanti|giraffa|giraffe|panda|tigre|tigri|leone|leoni|orso|orsi|delfino|delfini|balena|balene|koala|scimmia|scimmie|pinguino|pinguini|tartaruga|tartarughe|lontra|lontre|gufo|canguro|ippopotamo|rinoceronte|volpe|zebra|cammello|lama|alpaca|capra|gorilla|cane|gatto|cavallo|dinosauro|drago";

export const LEXICON: Lexicon = fromData(data, {
  minors1: `(ragazzo|ragazza|ragazzi|ragazze|giovane|giovani|figlia|figlio|figlie|figli|sorella|fratello|sorelle|fratelli|nipote|studentessa|studente|studenti|studentesse|alunna|alunno|alunni|alunne|persona|modella|modello|attrice|attore|gemelli|gemelle|una|uno|donna|uomo|fidanzata|fidanzato|ballerina|ginnasta|giocatrice|giocatore|cantante|bambina|bambino|bambini|bambine) di (${AGES}) (anni|mesi)`,
  minors2: `(ha|aveva|compie|compiuto|avrà) (${AGES}) anni`,
  minors3: `(all'età|età) di (${AGES}) anni`,
  minors4: `(${AGES}) anni e mezzo`,
  minors5: `(${UNDER_18}) (enne|enni)`,
  agedGlued: AGED_GLUED,
  exceptions1: `(bebè) (${ANIMALS})`,
  exceptions2: `(cucciolo|cuccioli) di (${ANIMALS})`,
});
