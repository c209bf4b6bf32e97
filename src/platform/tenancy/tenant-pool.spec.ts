import { DataSource } from 'typeorm';
import { TenantPool } from './tenant-pool';

function fakeDataSource() {
  const dataSource = { isInitialized: true, destroy: jest.fn(() => Promise.resolve()) };
  return dataSource as unknown as DataSource & { destroy: jest.Mock };
}

describe('TenantPool', () => {
  it('closes a retired pool only after its last lease ends', () => {
    const dataSource = fakeDataSource();
    const pool = new TenantPool(dataSource, 'database-id');
    pool.acquire();
    pool.acquire();
    pool.retire(60_000);
    expect(dataSource.destroy).not.toHaveBeenCalled();
    pool.release();
    expect(dataSource.destroy).not.toHaveBeenCalled();
    pool.release();
    expect(dataSource.destroy).toHaveBeenCalledTimes(1);
  });

  it('closes an idle pool at once when retired, and only once', async () => {
    const dataSource = fakeDataSource();
    const pool = new TenantPool(dataSource, 'database-id');
    pool.retire(60_000);
    await pool.close();
    expect(dataSource.destroy).toHaveBeenCalledTimes(1);
  });

  it('closes a busy retired pool after the protective timeout', () => {
    jest.useFakeTimers();
    try {
      const dataSource = fakeDataSource();
      const pool = new TenantPool(dataSource, 'database-id');
      pool.acquire();
      pool.retire(1000);
      jest.advanceTimersByTime(999);
      expect(dataSource.destroy).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(dataSource.destroy).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
