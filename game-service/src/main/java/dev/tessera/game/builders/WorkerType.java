package dev.tessera.game.builders;

/** The four ranks of worker; a rank fixes the wage and how many resources the card supplies in all. */
public enum WorkerType {
    APPRENTICE(2),
    LABOURER(3),
    CRAFTSMAN(4),
    MASTER(5);

    private final int wage;

    WorkerType(int wage) {
        this.wage = wage;
    }

    public int wage() {
        return wage;
    }
}
