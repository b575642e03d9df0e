// MySQL's (and MariaDB's) RAND(N) generator (mysys/my_rnd.c, seeded as Item_func_rand seeds it), so that RAND(3)
// gives the same sequence as the reference engine when rows come in the same order.
export interface RandomState {
  next(): number;
}

const MAX = 0x3fffffff;

export function mysqlRandom(seed: number): RandomState {
  const n = BigInt.asUintN(32, BigInt(Math.trunc(seed)));
  let seed1 = Number(BigInt.asUintN(32, n * 0x10001n + 55555555n)) % MAX;
  let seed2 = Number(BigInt.asUintN(32, n * 0x10000001n)) % MAX;
  return {
    next() {
      seed1 = (seed1 * 3 + seed2) % MAX;
      seed2 = (seed1 + seed2 + 33) % MAX;
      return seed1 / MAX;
    },
  };
}
