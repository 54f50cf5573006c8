import { type Lexicon, under18Or, fromData } from "./types";
import data from "./data/pt.json";

/**
 * Portuguese (Brazil and Portugal). Accents are folded before matching: "bebê/bebé" read as
 * "bebe", which is also "drinks", so they are listed inside phrases. "garota" and "moça" are
 * said of young women and are left out alone, as "girl" is in English; "menina", "menino",
 * "criança", "garoto" are in. "pelado/pelada" are also "peeled" and a street football match,
 * so they are listed after a person or an intensifier.
 */

const AGES = under18Or("um|uma|dois|duas|três|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|catorze|quatorze|quinze|dezesseis|dezasseis|dezessete|dezassete");
const ANIMALS = "foca|focas|elefante|elefantes|girafa|girafas|panda|pandas|tigre|tigres|leão|leões|urso|ursos|golfinho|golfinhos|baleia|baleias|coala|coalas|macaco|macacos|pinguim|pinguins|tartaruga|tartarugas|lontra|lontras|coruja|canguru|hipopótamo|rinoceronte|raposa|zebra|camelo|lhama|alpaca|cabra|gorila|cachorro|gato|cavalo|dinossauro|dragão";

export const LEXICON: Lexicon = fromData(data, {
  minors1: `(menina|meninas|menino|meninos|garota|garotas|garoto|garotos|moça|moças|rapaz|rapazes|jovem|jovens|filha|filhas|filho|filhos|irmã|irmão|irmãs|irmãos|sobrinha|sobrinho|neta|neto|estudante|estudantes|aluna|aluno|alunas|alunos|pessoa|modelo|modelos|atriz|ator|gêmeos|gêmeas|gémeos|gémeas|uma|um|mulher|homem|namorada|namorado|dançarina|bailarina|ginasta|jogadora|jogador|cantora|cantor|criança|crianças|adolescente) de (${AGES}) (anos|aninhos|meses)`,
  minors2: `(${AGES}) aninhos`,
  minors3: `(tem|tinha|fez|completou|completa|faz|fará) (${AGES}) anos`,
  minors4: `(de|com) (${AGES}) anos de idade`,
  minors5: `aos (${AGES}) anos`,
  exceptions1: `(bebê|bebês|bebé|bebés) (${ANIMALS})`,
  exceptions2: `(${ANIMALS}) (bebê|bebés|bebê|bebé)`,
});
