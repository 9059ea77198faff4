package dev.tessera.events.builders;

/**
 * What a machine card supplies to a construction site each time it is sent there, once the machine is completed:
 * like a worker's resources, but a machine is paid no wage.
 */
public record MachineInfo(int stone, int wood, int knowledge, int tile) {}
